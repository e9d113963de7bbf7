/**
 * A fault of the harness itself: it could not build a request, its own configuration is wrong, or a
 * prerequisite step of the harness broke. Reports tell these apart from failures of the target by the
 * message prefix, so a vendor is never blamed for the harness.
 */
export class HarnessFault extends Error {
  static readonly PREFIX = 'Harness fault: ';

  constructor(message: string, options?: { cause?: unknown }) {
    super(`${HarnessFault.PREFIX}${message}`, options);
    // Playwright shows an error as "<name>: <message>"; with no name the shown message starts with the
    // prefix, which is what the reporters look for. `instanceof HarnessFault` still tells it apart.
    this.name = '';
  }
}
