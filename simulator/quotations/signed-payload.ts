import type { ErrorCode } from '../../schemas/error-codes.ts';
import { schemaRef, type ResourceName } from '../../schemas/resources.ts';
import { validate } from '../../schemas/validators.ts';
import { DssError } from '../errors.ts';
import { MAX_JSON_NESTING, nestsTooDeep } from '../json-nesting.ts';
import { decodeStrictUtf8 } from '../strict-utf8.ts';

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

/** Decodes base64 -> UTF-8 -> JSON (nested at most MAX_JSON_NESTING deep) and validates it as `resource`; any failure is a `code` refusal. */
export function decodeSignedPayload<T>(
  base64: string,
  resource: ResourceName,
  code: ErrorCode,
  field: string,
): SignedPayload<T> {
  const bytes = Buffer.from(base64, 'base64');
  let value: unknown;
  try {
    const text = decodeStrictUtf8(bytes);
    if (nestsTooDeep(text))
      throw new DssError(code, `${field} nests arrays or objects more than ${MAX_JSON_NESTING} levels deep.`);
    value = JSON.parse(text);
  } catch (error) {
    if (error instanceof DssError) throw error;
    throw new DssError(code, `${field} does not decode to UTF-8 JSON.`);
  }
  const result = validate(schemaRef(resource), value);
  if (!result.valid) throw new DssError(code, `${field} is not a valid ${resource}: ${result.errors.join('; ')}.`);
  return { value: value as T, bytes };
}
