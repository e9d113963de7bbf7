import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DssError } from '../errors.ts';
import type { SimState } from '../state.ts';
import { errorBody } from './error-body.ts';

/**
 * Turns whatever a handler threw into the spec's error response. A DssError is a refusal and keeps its
 * status; anything else is a defect of the simulator: it is logged and answered 500, never leaked.
 */
export function sendError(c: Context, state: SimState, error: unknown, memberIdentification?: string): Response {
  const { status, json } = errorAnswer(c, state, error, memberIdentification);
  return c.body(json, status, jsonContent());
}

/**
 * The header `c.json` sends: an answer written as text with it is what `c.json` sends, its text known to
 * the caller. A new object each time: @hono/node-server writes a response's headers into the object it
 * was given (its content length among them), so a shared one would carry one answer's into the next.
 */
export function jsonContent(): Record<string, string> {
  return { 'Content-Type': 'application/json' };
}

/** The error response's status and JSON text, for a caller that records the text it sends (family-router.ts). */
export function errorAnswer(
  c: Context,
  state: SimState,
  error: unknown,
  memberIdentification?: string,
): { status: ContentfulStatusCode; json: string } {
  const refusal = error instanceof DssError ? refusalUnderFaults(state, error) : internalError(c, error);
  const body = errorBody(refusal, {
    endpointUrl: c.req.path,
    memberIdentification,
    now: state.clock.now(),
    faults: state.faults,
  });
  return { status: refusal.status as ContentfulStatusCode, json: JSON.stringify(body) };
}

/** Fault unknown-path-500: a path that matches no route fails as a defect would, with no log line. */
function refusalUnderFaults(state: SimState, refusal: DssError): DssError {
  if (refusal.code === 'PATH-NOT-FOUND' && state.faults.on('unknown-path-500'))
    return new DssError('INTERNAL-ERROR', 'The service failed to process the request; retry later.');
  return refusal;
}

function internalError(c: Context, error: unknown): DssError {
  console.error(`[dss-sim] internal error on ${c.req.method} ${c.req.path}:`, error);
  return new DssError('INTERNAL-ERROR', 'The service failed to process the request; retry later.');
}
