import type { NetworkFailure } from './http.ts';
import type { RecordedCall } from './recorder.ts';

/**
 * The target gave no response at all: refused, reset, timed out, TLS, or flooded the harness. A failure
 * of the target, bounded by the harness (the request was ended by its own deadline or size limit, or by
 * the target), so the worker that met it is as sound as after any other target failure
 * (kept-worker.ts). Reports tell it apart by the message prefix, as they do a HarnessFault.
 */
export class TargetNetworkError extends Error {
  static readonly PREFIX = 'No response from the target to ';

  constructor(
    readonly failure: NetworkFailure,
    readonly call: RecordedCall,
  ) {
    super(`${TargetNetworkError.PREFIX}${call.method} ${call.url}: ${failure.message}`);
    this.name = 'TargetNetworkError';
  }
}
