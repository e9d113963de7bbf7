import { randomBytes } from 'node:crypto';
import type { DssClient } from '../runtime/client.ts';
import type { ControlClient } from '../runtime/control.ts';
import { skipFor } from '../runtime/credentials.ts';
import type { Actors } from '../runtime/fixtures.ts';
import type { optionalRoles } from '../runtime/profile-schema.ts';
import { randomBic } from '../runtime/sim-members.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';

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

/** The party's default operating account (its first); a profile without one is the harness's to refuse. */
export function defaultAccount(party: Pick<Party, 'identification' | 'accounts'>): string {
  const account = party.accounts[0];
  if (account === undefined) throw new HarnessFault(`${party.identification} has no operating account in the profile`);
  return account;
}

export interface NewMemberOptions {
  business_role: 'MIS' | 'MMM';
  /** Default: GB for a market maker, US for a tokenizer. */
  country_code?: string;
  /** Default: `main` only. */
  operating_accounts?: string[];
  /** A DSA to register for a new tokenizer (the network operator's onboarding). */
  dsa?: string;
  /** Default: activated. */
  member_state?: 'created' | 'activated' | 'blocked';
}

/** A member with its own token, for calls that pass it explicitly (a blocked member's refusals). */
export interface TokenParty extends Party {
  token(): Promise<string>;
}

/**
 * A member nobody else has touched, made through the simulator's control plane, for rules that need a
 * blank slate (nothing issued, no credit line, nothing requested). It calls through `via` (any
 * actor's client) with its own manager token, so its calls are recorded with the check's; the token
 * lives 15 minutes, far longer than a check.
 */
export async function newMember(
  control: ControlClient,
  via: DssClient,
  options: NewMemberOptions,
): Promise<TokenParty> {
  const country = options.country_code ?? (options.business_role === 'MIS' ? 'US' : 'GB');
  const accounts = options.operating_accounts ?? ['main'];
  const member = await control.createMember({
    identification: `ledger-${randomBytes(6).toString('hex')}`,
    bicfi: randomBic(country),
    business_role: options.business_role,
    country_code: country,
    operating_accounts: accounts,
    ...(options.member_state ? { member_state: options.member_state } : {}),
  });
  if (options.dsa) await control.registerAsset(member.identification, options.dsa);
  return {
    identification: member.identification,
    accounts,
    client: { call: (endpoint, callOptions = {}) => via.call(endpoint, { ...callOptions, token: member.token }) },
    token: async () => member.token,
  };
}

export type OptionalRole = (typeof optionalRoles)[number];

/**
 * A member of one of the profile's optional roles (profile-schema.ts, docs/profiles.md: a market
 * maker or a tokenizer holding nothing, a second tokenizer of the same DSA, a blocked member, a holder
 * with no credit line yet). A simulator makes one for the check with `options`; elsewhere the
 * profile's, and without one the check is skipped: not verified here.
 */
export async function optionalMember(
  actors: Actors,
  role: OptionalRole,
  options: NewMemberOptions,
): Promise<TokenParty> {
  if (actors.control) return newMember(actors.control, actors.mmA.client, options);
  const actor = actors.byRole[role];
  if (!actor) skipFor(`needs profile member ${(actors.mmA.path ?? 'members.mmA').replace(/mmA$/, role)}`);
  if (
    options.dsa &&
    !actor.assets.some(
      (asset) =>
        asset.asset_code_identification === options.dsa && asset.asset_issuer_identification === actor.identification,
    )
  ) {
    skipFor(`needs profile member ${actor.path ?? role} to list the DSA ${options.dsa} it issues under assets`);
  }
  return {
    identification: actor.identification,
    accounts: actor.accounts,
    client: actor.client,
    token: () => actor.client.token(),
  };
}
