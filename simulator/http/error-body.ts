import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { errorCodes } from '../../schemas/error-codes.ts';
import type { DssError } from '../errors.ts';
import type { FaultSwitch } from '../faults/catalogue.ts';

export const SERVICE_NAME = 'dss-reference-simulator';
export const BUILD_VERSION: string = createRequire(import.meta.url)('../../package.json').version;

/** Where an error happened and for whom; both are echoed in the body to help support. */
export interface ErrorContext {
  endpointUrl: string;
  memberIdentification?: string;
  now: number;
  faults?: FaultSwitch;
}

/**
 * The spec's `error` object plus the extra fields of semantics §14. `troubleshooting_id` is unique per
 * response so a vendor can quote it.
 */
export function errorBody(error: DssError, context: ErrorContext): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...error.bodyFields,
    short_message: errorCodes[error.code].short_message,
    long_message: error.detail,
    timestamp: context.now,
    code: error.code,
    endpoint_url: context.endpointUrl,
    service_name: SERVICE_NAME,
    build_version: BUILD_VERSION,
    troubleshooting_id: randomUUID(),
  };
  if (context.memberIdentification) body.member_identification = context.memberIdentification;
  if (context.faults?.on('error-body-without-timestamp')) delete body.timestamp;
  // Fault error-timestamp-in-seconds: the time is written the way Unix tools write it, in whole seconds.
  if (context.faults?.on('error-timestamp-in-seconds')) body.timestamp = Math.floor(context.now / 1000);
  return body;
}
