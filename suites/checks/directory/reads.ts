import { listOfRef } from '../../../schemas/resources.ts';
import { okBody } from '../../flows/answers.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import type { DssClient, DssResponse } from '../../runtime/client.ts';

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

/** The 2xx statuses: a refusal the rule only recommends may be answered with one (see warnShould). */
export function isSuccess(response: DssResponse): boolean {
  return response.status >= 200 && response.status < 300;
}

/** The caller's accounts by identification, as `GET /digital-accounts` lists them. */
export async function ownAccounts(client: DssClient): Promise<Map<string, string>> {
  const accounts = okBody<DigitalAccount[]>(
    await client.call('member.listDigitalAccounts'),
    listOfRef('digitalAccount'),
    'ACC-LIST',
    'RES-ACCOUNT-SCHEMAS',
  );
  return new Map(
    accounts.flatMap((account) =>
      account.identification === undefined
        ? []
        : [[account.identification, account.distributed_ledger_account_address] as const],
    ),
  );
}

export function addressOf(accounts: Map<string, string>, identification: string, requirement: string): string {
  const address = accounts.get(identification);
  if (address === undefined)
    throw CheckFailure.expected(
      requirement,
      `account ${identification} in GET /digital-accounts`,
      [...accounts.keys()].join(', ') || 'none',
    );
  return address;
}
