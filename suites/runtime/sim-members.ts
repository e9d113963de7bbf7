import { randomBytes, randomInt } from 'node:crypto';
import type { ControlClient, SimMember } from './control.ts';
import type { ProfileAsset, RequiredRole } from './profile.ts';

/**
 * The members a run acts as, made to order on a simulator: a tokenizer with two registered DSAs and two
 * market makers, each with two operating accounts. Gateway reads consume messages, so two workers must
 * never share a member: every call here makes new ones, with unique identifications and BICs.
 */

export const OPERATING_ACCOUNTS = ['main', 'second'];
export const TOKENIZER_DSA = 'USD';
/**
 * The tokenizer's second DSA: an exchange needs two assets that market makers hold on operating
 * accounts (a DSO lives on its holder's `emission` account, semantics §3), so the quoted asset is a
 * second currency of the same tokenizer (suites/flows/README.md, "Exchanges").
 */
export const SECOND_DSA = 'EUR';

const blueprints: Record<RequiredRole, { suffix: string; business_role: 'MIS' | 'MMM'; country_code: string }> = {
  tokenizer: { suffix: 'tkn', business_role: 'MIS', country_code: 'US' },
  mmA: { suffix: 'mma', business_role: 'MMM', country_code: 'GB' },
  mmB: { suffix: 'mmb', business_role: 'MMM', country_code: 'SG' },
};

/** `prefix` (e.g. `w3`) makes the identifications readable in the simulator's logs. */
export async function createSimMembers(
  control: ControlClient,
  prefix: string,
): Promise<Record<RequiredRole, SimMember>> {
  const run = `${prefix}-${randomBytes(4).toString('hex')}`;
  const create = (role: RequiredRole) => {
    const blueprint = blueprints[role];
    return control.createMember({
      identification: `${run}-${blueprint.suffix}`,
      bicfi: randomBic(blueprint.country_code),
      business_role: blueprint.business_role,
      country_code: blueprint.country_code,
      operating_accounts: OPERATING_ACCOUNTS,
    });
  };
  const [tokenizer, mmA, mmB] = await Promise.all([create('tokenizer'), create('mmA'), create('mmB')]);
  for (const code of [TOKENIZER_DSA, SECOND_DSA]) await control.registerAsset(tokenizer.identification, code);
  return { tokenizer, mmA, mmB };
}

/** The assets a made-to-order tokenizer issues, as a profile lists them: `TOKENIZER_DSA` first. */
export function tokenizerAssets(tokenizer: string): ProfileAsset[] {
  return [TOKENIZER_DSA, SECOND_DSA].map((code) => ({
    asset_code_identification: code,
    asset_issuer_identification: tokenizer,
  }));
}

/** The member's operating accounts (all but `emission`), `main` first: the spec's default account. */
export function operatingAccounts(member: SimMember): string[] {
  const operating = member.accounts.map((account) => account.identification).filter((name) => name !== 'emission');
  return [...operating.filter((name) => name === 'main'), ...operating.filter((name) => name !== 'main')];
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const alphanumerics = `${letters}0123456789`;

/**
 * An 11-character BIC (ISO 9362): random institution code, the member's country, location `XX`, random
 * branch. About 2*10^10 combinations, so members piling up on a long-lived simulator do not collide.
 */
export function randomBic(countryCode: string): string {
  const pick = (alphabet: string, count: number) =>
    Array.from({ length: count }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${pick(letters, 4)}${countryCode}XX${pick(alphanumerics, 3)}`;
}
