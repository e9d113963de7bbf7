import { noteFailure } from './failure-record.ts';

/**
 * A fault of the harness itself: it could not build a request, its own configuration is wrong, or a
 * prerequisite step of the harness broke. It is noted as a harness failure (failure-record.ts), so a
 * vendor is never blamed for the harness; the message says so to people too.
 */
export class HarnessFault extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`Harness fault: ${message}`, options);
    // Runners show an error as "<name>: <message>"; the message already says what this is.
    this.name = '';
    noteFailure(this, { requirement: null, kind: 'harness', expected: null, got: null });
  }
}
