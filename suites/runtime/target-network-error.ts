import type { NetworkFailure } from './http.ts';
import type { RecordedCall } from './recorder.ts';
import { noteFailure } from './failure-record.ts';

/**
 * The target gave no response at all: refused, reset, timed out, TLS, or flooded the harness. A failure
 * of the target, bounded by the harness (the request was ended by its own deadline or size limit, or by
 * the target), so the worker that met it is as sound as after any other target failure
 * (kept-worker.ts). It is noted as the target's giving no response (failure-record.ts): which requirement
 * the call was for is the check's to know, not the client's.
 */
export class TargetNetworkError extends Error {
  constructor(
    readonly failure: NetworkFailure,
    readonly call: RecordedCall,
  ) {
    super(`No response from the target to ${call.method} ${call.url}: ${failure.message}`);
    this.name = 'TargetNetworkError';
    noteFailure(this, { requirement: null, kind: 'no-response', expected: null, got: null });
  }
}
