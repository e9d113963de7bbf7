/**
 * The vendor stand-in (`dss sim --network vendor-standin`): a target for a vendor's first `dss test
 * --profile`, before it points the kit at its own staging. It holds what a complete target profile
 * names (docs/profiles.md, "Optional credentials"): a tokenizer issuing two DSAs, two market makers with
 * two operating accounts (and a third of mmB's), and the optional members (blank, second tokenizer,
 * blocked, line holder). None
 * of them has autopilot rules, and nothing is opened at start, so nobody but the run reads their gateway
 * queues, and the blank members stay blank. `dss sim --print-profile FILE` writes the profile that acts
 * as them (bin/commands/standin-profile.ts).
 */
import type { NetworkFile, NetworkMember } from './network-file.ts';

/** The profile's role of each member (suites/runtime/profile-schema.ts's names), with the member. */
export const standinMembers = {
  tokenizer: {
    identification: 'standin-tkn',
    role: 'tokenizer',
    country: 'US',
    bic: 'STNTUS33',
    accounts: ['main', 'second'],
  },
  mmA: {
    identification: 'standin-mm-a',
    role: 'market-maker',
    country: 'GB',
    bic: 'STNAGB2L',
    accounts: ['main', 'second'],
  },
  // A third account nobody else's checks use: ledger.instruments-own-line needs one that lists no DSA yet, late in a whole run.
  mmB: {
    identification: 'standin-mm-b',
    role: 'market-maker',
    country: 'SG',
    bic: 'STNBSGSG',
    accounts: ['main', 'second', 'spare'],
  },
  blank_maker: { identification: 'standin-blank-mm', role: 'market-maker', country: 'FR', bic: 'STNMFRPP' },
  blank_tokenizer: { identification: 'standin-blank-tkn', role: 'tokenizer', country: 'CH', bic: 'STNKCHZZ' },
  second_tokenizer: { identification: 'standin-tkn-2', role: 'tokenizer', country: 'CA', bic: 'STNSCATT' },
  blocked: { identification: 'standin-blocked', role: 'tokenizer', country: 'JP', bic: 'STNXJPJT', state: 'blocked' },
  line_holder: { identification: 'standin-holder', role: 'market-maker', country: 'AU', bic: 'STNHAU2S' },
} as const satisfies Record<string, NetworkMember>;

export type StandinRole = keyof typeof standinMembers;

/** The tokenizer's two DSAs (the first funds the value checks; the exchange checks trade it for the second) and the second tokenizer's one, the same code as the first's. */
export const standinAssets = {
  tokenizer: ['USD', 'EUR'],
  second_tokenizer: ['USD'],
} as const satisfies Partial<Record<StandinRole, readonly string[]>>;

export const standinNetwork: NetworkFile = {
  members: Object.values(standinMembers).map((member) => ({
    ...member,
    ...('accounts' in member ? { accounts: [...member.accounts] } : {}),
  })),
  assets: Object.entries(standinAssets).flatMap(([role, codes]) =>
    codes.map((code) => ({ code, issuer: standinMembers[role as StandinRole].identification })),
  ),
};
