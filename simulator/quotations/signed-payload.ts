import type { ErrorCode } from '../../schemas/error-codes.ts';
import { schemaRef, type ResourceName } from '../../schemas/resources.ts';
import { validate } from '../../schemas/validators.ts';
import { DssError } from '../errors.ts';

/**
 * Signed JSON payloads (semantics §4a): quotations and exchanges carry a resource as base64 of its
 * bytes, and the signature covers those bytes, not any re-encoding of them: whoever verifies keeps
 * the bytes as received. Answers and exchanges decode them here, so both read them the same way.
 */
export interface SignedPayload<T> {
  value: T;
  /** Exactly the bytes that were signed. */
  bytes: Buffer;
}

/** Decodes base64 -> UTF-8 -> JSON and validates it as `resource`; any failure is a `code` refusal. */
export function decodeSignedPayload<T>(base64: string, resource: ResourceName, code: ErrorCode, field: string): SignedPayload<T> {
  const bytes = Buffer.from(base64, 'base64');
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new DssError(code, `${field} does not decode to UTF-8 JSON.`);
  }
  const result = validate(schemaRef(resource), value);
  if (!result.valid) throw new DssError(code, `${field} is not a valid ${resource}: ${result.errors.join('; ')}.`);
  return { value: value as T, bytes };
}

