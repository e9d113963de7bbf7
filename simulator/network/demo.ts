/**
 * The demo network (`dss sim`, `dss sim --network demo`): two tokenizers issuing USD and EUR in two
 * countries and four market makers in four countries, each with `emission`, `main` and `second`. BICs
 * carry the member's country so ISO 20022 messages read naturally; identifiers are fixed, since
 * developers put them in their own configuration. Every member but mm-london answers by itself
 * (autopilot): docs/network.md lists each rule and why it is what it is. `demoMembersOnly` is the same
 * members and assets with nothing else: what the simulator's own tests and benchmarks build on.
 */
import type { QuotePair } from '../autopilot/rules.ts';
import type { NetworkFile, NetworkMember } from './network-file.ts';

const usd = { code: 'USD', issuer: 'tokenizer-usd' };
const eur = { code: 'EUR', issuer: 'tokenizer-eur' };
const accounts = ['main', 'second'];

/** USD to EUR at 0.92 and EUR to USD at 1.08, less the market maker's spread; 1 to 50,000 quoted units, valid 5 minutes. */
function pairs(spread: number): QuotePair[] {
  const limits = { minimum: 1, maximum: 50_000, validity_ms: 300_000, spread };
  return [
    { base: 'USD', base_issuer: usd.issuer, quoted: 'EUR', quoted_issuer: eur.issuer, rate: 0.92, ...limits },
    { base: 'EUR', base_issuer: eur.issuer, quoted: 'USD', quoted_issuer: usd.issuer, rate: 1.08, ...limits },
  ];
}

const tokenizerRules = { allowlist_back: true, tokenizer: { credit_lines: 'allow', opening_amount: 100_000, redemptions: 'accept' } } as const;

/** An answering market maker: lists back, quotes both ways, is an RFI up to 50,000 with a fee of 1 + 0.1 %, refunds on request. */
function answeringMaker(identification: string, bic: string, country: string, spread: number): NetworkMember {
  return {
    identification,
    role: 'market-maker',
    country,
    bic,
    accounts,
    autopilot: {
      allowlist_back: true,
      allow_dso_credit_lines: true,
      market_maker: { account: 'main', pairs: pairs(spread) },
      rfi: { account: 'main', accept_up_to: 50_000, currencies: ['USD', 'EUR'], reject_share: 0, fee: { fixed: 1, percent: 0.1 }, cancellations: 'accept' },
    },
  };
}

const members: NetworkMember[] = [
  { identification: 'tokenizer-usd', role: 'tokenizer', country: 'US', bic: 'TKNUUS33', accounts },
  { identification: 'tokenizer-eur', role: 'tokenizer', country: 'DE', bic: 'TKNEDEFF', accounts },
  { identification: 'mm-london', role: 'market-maker', country: 'GB', bic: 'MMLOGB2L', accounts },
  answeringMaker('mm-singapore', 'MMSGSGSG', 'SG', 0.001),
  answeringMaker('mm-saopaulo', 'MMSPBRSP', 'BR', 0.002),
  answeringMaker('mm-nairobi', 'MMNBKENA', 'KE', 0.003),
];

const assets = [usd, eur];

export const demoMembersOnly: NetworkFile = { members, assets };

export const demoNetwork: NetworkFile = {
  autopilot: { delay_ms: 200 },
  members: members.map((member) => (member.role === 'tokenizer' ? { ...member, autopilot: tokenizerRules } : member)),
  assets,
  // What the answering market makers hold to deliver: 1,000,000 of each currency on main, lines up to 10,000,000.
  credit_lines: ['mm-singapore', 'mm-saopaulo', 'mm-nairobi'].flatMap((holder) =>
    [usd, eur].map((asset) => ({ holder, account: 'main', asset: asset.code, issuer: asset.issuer, limit: 10_000_000, balance: 1_000_000 })),
  ),
};
