import { randomBytes } from 'node:crypto';
import type { DssClient } from '../runtime/client.ts';
import type { ControlClient } from '../runtime/control.ts';
import { randomBic } from '../runtime/sim-members.ts';

/**
 * Who acts in a flow: one of the run's actors (`actors.mmA`, ...), or a member made for one check. Flows
 * need only its identification, its operating accounts and a way to call the API as it.
 */
export interface Party {
  identification: string;
  /** Operating accounts, the default (`main`) first. */
  accounts: string[];
  client: Pick<DssClient, 'call'>;
}

export interface NewMemberOptions {
  business_role: 'MIS' | 'MMM';
  /** Default: GB for a market maker, US for a tokenizer. */
  country_code?: string;
  /** Default: `main` only. */
  operating_accounts?: string[];
  /** A DSA to register for a new tokenizer (the network operator's onboarding). */
  dsa?: string;
}

/**
 * A member nobody else has touched, made through the simulator's control plane, for rules that need a
 * blank slate (nothing issued, no credit line, nothing requested). It calls through `via` (any
 * actor's client) with its own manager token, so its calls are recorded with the check's; the token
 * lives 15 minutes, far longer than a check.
 */
export async function newMember(control: ControlClient, via: DssClient, options: NewMemberOptions): Promise<Party> {
  const country = options.country_code ?? (options.business_role === 'MIS' ? 'US' : 'GB');
  const accounts = options.operating_accounts ?? ['main'];
  const member = await control.createMember({
    identification: `ledger-${randomBytes(6).toString('hex')}`,
    bicfi: randomBic(country),
    business_role: options.business_role,
    country_code: country,
    operating_accounts: accounts,
  });
  if (options.dsa) await control.registerAsset(member.identification, options.dsa);
  return {
    identification: member.identification,
    accounts,
    client: { call: (endpoint, callOptions = {}) => via.call(endpoint, { ...callOptions, token: member.token }) },
  };
}
