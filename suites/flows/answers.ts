import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { expectErrorBody, expectSchema, expectStatus, recordAcross } from '../runtime/check.ts';
import type { DssResponse } from '../runtime/client.ts';

/**
 * Answers read as data. The status and the schema are checked first, each under its own requirement,
 * so that a flow built on an answer fails as what really went wrong, not as a confusing later mismatch.
 * A schema mismatch of a JSON body is a cross-cutting finding: recorded, and the flow goes on with the
 * body as it came, so the check still decides its own requirements (or stops where the body is unusable).
 */

/** A 200 answer's body, once its status (`requirement`) and schema (`schemaRequirement`) are checked. */
export function okBody<T>(
  response: DssResponse,
  schema: JsonSchema,
  requirement: string,
  schemaRequirement = 'RES-LEDGER-SCHEMAS',
): T {
  expectStatus(response, 200, requirement);
  if (response.body === undefined) expectSchema(response.body, schema, schemaRequirement);
  else recordAcross(() => expectSchema(response.body, schema, schemaRequirement));
  return response.body as T;
}

/** A listing whose table answers 404 when it has nothing to list: that 404 (with its error body) reads as []. */
export function listOrNone<T>(response: DssResponse, schema: JsonSchema, requirement: string): T[] {
  if (response.status === 404) {
    recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
    return [];
  }
  return okBody<T[]>(response, schema, requirement);
}
