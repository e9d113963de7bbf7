import type { JsonSchema } from '../../../schemas/catalogue-types.ts';
import { expectSchema, expectStatus } from '../../runtime/check.ts';
import type { DssResponse } from '../../runtime/client.ts';

/** The spec's digitalAccount and memberInfo, as the checks read them once their schema has passed. */
export interface DigitalAccount {
  identification?: string;
  distributed_ledger_account_address: string;
}

export interface MemberInfo {
  identification: string;
  bicfi: string;
  business_role: string;
  country_code: string;
  member_state?: string;
  distributed_ledger_emission_account_address?: string;
  operating_digital_accounts?: DigitalAccount[];
}

/**
 * A 200 answer read as data: the status and the schema are checked first, under their own
 * requirements, so that a check built on the answer fails as what really went wrong.
 */
export function okBody<T>(response: DssResponse, schema: JsonSchema, requirement: string, schemaRequirement: string): T {
  expectStatus(response, 200, requirement);
  expectSchema(response.body, schema, schemaRequirement);
  return response.body as T;
}

/** The 2xx statuses: a refusal the rule only recommends may be answered with one (see warnShould). */
export function isSuccess(response: DssResponse): boolean {
  return response.status >= 200 && response.status < 300;
}
