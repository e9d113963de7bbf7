import { stripVTControlCharacters } from 'node:util';
import { HarnessFault } from '../runtime/harness-fault.ts';

/**
 * Error messages as runners give them carry terminal colours, and the JSON reporter appends a code
 * frame and a stack. A report shows the message alone, the same whichever way it was collected.
 */
export function cleanErrorMessage(message: string): string {
  const lines = stripVTControlCharacters(message).split('\n');
  const frameStart = lines.findIndex((line) => /^\s*>?\s*\d+ \|/.test(line) || /^\s+at \S/.test(line));
  const text = (frameStart === -1 ? lines : lines.slice(0, frameStart)).join('\n').trimEnd();
  // Runners prefix the error's class name; the generic one says nothing.
  return text.startsWith('Error: ') ? text.slice('Error: '.length) : text;
}

/** The error's name prefix (`Error: `, `HarnessFault: `) comes first in a runner's message. */
const harnessFaultPattern = new RegExp(`^(?:[A-Za-z_$][\\w$]*: )?${HarnessFault.PREFIX}`);

export function isHarnessFault(cleanMessage: string): boolean {
  return harnessFaultPattern.test(cleanMessage);
}

/** The `Expected:` and `Received:` lines of an assertion message, when it has them. */
export function expectedAndGot(cleanMessage: string): { expected: string | null; got: string | null } {
  return {
    expected: /^\s*Expected(?: [\w ]+)?: ?(.*)$/m.exec(cleanMessage)?.[1] ?? null,
    got: /^\s*Received(?: [\w ]+)?: ?(.*)$/m.exec(cleanMessage)?.[1] ?? null,
  };
}
