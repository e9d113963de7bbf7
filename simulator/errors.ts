import { errorCodes, type ErrorCode } from '../schemas/error-codes.ts';

/**
 * A refusal of the service, thrown by domain code and turned into the spec's error body at the HTTP
 * edge. The code decides the status (see schemas/error-codes.ts); `detail` becomes `long_message`.
 * Domain code throws only this; anything else reaching the edge is a defect and answers 500.
 */
export class DssError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Fields the body carries besides the error's own (a refused ISO message's pacs.002 RJCT); they never replace those. */
    readonly bodyFields: Readonly<Record<string, unknown>> = {},
  ) {
    super(`${code}: ${detail}`);
    this.status = errorCodes[code].status;
  }
}
