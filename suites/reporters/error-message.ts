import { stripVTControlCharacters } from 'node:util';

/**
 * Error messages as runners give them carry terminal colours, and the JSON reporter appends a code
 * frame and a stack. A report shows the message alone, the same whichever way it was collected. The
 * message is for people: who is to blame is read from the failure it carries (suites/runtime/failure.ts).
 */
export function cleanErrorMessage(message: string): string {
  const lines = stripVTControlCharacters(message).split('\n');
  const frameStart = lines.findIndex(
    (line) => /^\s*>?\s*\d+ \|/.test(line) || /^\s+at \S.*:\d+(?::\d+)?\)?$/.test(line),
  );
  const text = (frameStart === -1 ? lines : lines.slice(0, frameStart)).join('\n').trimEnd();
  return text.replace(uninformativeClassPrefix, '');
}

/**
 * Runners put the error's class name first. These say nothing the message does not (the runtime's
 * CheckFailure and HarnessFault messages speak for themselves); TypeError and the like are kept.
 */
const uninformativeClassPrefix = /^(?:Error|CheckFailure|HarnessFault): /;
