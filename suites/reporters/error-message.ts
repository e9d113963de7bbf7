import { stripVTControlCharacters } from 'node:util';
import { HarnessFault } from '../runtime/harness-fault.ts';
import { TargetNetworkError } from '../runtime/target-network-error.ts';

/**
 * Error messages as runners give them carry terminal colours, and the JSON reporter appends a code
 * frame and a stack. A report shows the message alone, the same whichever way it was collected.
 */
export function cleanErrorMessage(message: string): string {
  const lines = stripVTControlCharacters(message).split('\n');
  const frameStart = lines.findIndex((line) => /^\s*>?\s*\d+ \|/.test(line) || /^\s+at \S.*:\d+(?::\d+)?\)?$/.test(line));
  const text = (frameStart === -1 ? lines : lines.slice(0, frameStart)).join('\n').trimEnd();
  return text.replace(uninformativeClassPrefix, '');
}

/**
 * Runners put the error's class name first. These say nothing the message does not (the runtime's
 * CheckFailure and HarnessFault messages speak for themselves); TypeError and the like are kept.
 */
const uninformativeClassPrefix = /^(?:Error|CheckFailure|HarnessFault): /;

/** A message that starts with `prefix`, after the error's name a runner puts first (`Error: `, `TargetNetworkError: `). */
function startingWith(prefix: string): RegExp {
  return new RegExp(`^(?:[A-Za-z_$][\\w$]*: )?${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

const harnessFaultPattern = startingWith(HarnessFault.PREFIX);
const targetNetworkErrorPattern = startingWith(TargetNetworkError.PREFIX);

export function isHarnessFault(cleanMessage: string): boolean {
  return harnessFaultPattern.test(cleanMessage);
}

/** The target gave no response to a call (runtime/target-network-error.ts). */
export function isTargetNetworkError(cleanMessage: string): boolean {
  return targetNetworkErrorPattern.test(cleanMessage);
}

/**
 * What was expected and what came back: the `Expected:` / `Received:` lines of a Playwright assertion,
 * or the runtime's "expected …, got …" phrasing.
 */
export function expectedAndGot(cleanMessage: string): { expected: string | null; got: string | null } {
  const expected = /^\s*Expected(?: [\w ]+)?: ?(.*)$/m.exec(cleanMessage)?.[1];
  const got = /^\s*Received(?: [\w ]+)?: ?(.*)$/m.exec(cleanMessage)?.[1];
  if (expected !== undefined || got !== undefined) return { expected: expected ?? null, got: got ?? null };
  const phrase = /\bexpected (.+?),? got:? (.+)$/m.exec(cleanMessage);
  return { expected: phrase?.[1] ?? null, got: phrase?.[2] ?? null };
}

/** The runtime starts failure and warning messages with the requirement they are about: `[AUTH-REFRESH] …`. */
export function requirementTag(message: string): string | null {
  return /^\[([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\]/.exec(message)?.[1] ?? null;
}
