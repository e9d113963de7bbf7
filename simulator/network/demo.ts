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
function pairs(spread: number, dso: OwnDso): QuotePair[] {
  const limits = { minimum: 1, validity_ms: 300_000, spread };
  const own = { code: dso.code, issuer: dso.issuer };
  // Its own DSO both ways against USD and EUR, up to the worth of 50,000 USD in quoted units.
  const both = (asset: { code: string; issuer: string }, perDso: number, dsoPer: number): QuotePair[] => [
    {
      base: asset.code,
      base_issuer: asset.issuer,
      quoted: own.code,
      quoted_issuer: own.issuer,
      rate: dsoPer,
      ...limits,
      maximum: 50_000 * dso.perUsd,
    },
    {
      base: own.code,
      base_issuer: own.issuer,
      quoted: asset.code,
      quoted_issuer: asset.issuer,
      rate: perDso,
      ...limits,
      maximum: 50_000,
    },
  ];
  return [
    {
      base: 'USD',
      base_issuer: usd.issuer,
      quoted: 'EUR',
      quoted_issuer: eur.issuer,
      rate: 0.92,
      ...limits,
      maximum: 50_000,
    },
    {
      base: 'EUR',
      base_issuer: eur.issuer,
      quoted: 'USD',
      quoted_issuer: usd.issuer,
      rate: 1.08,
      ...limits,
      maximum: 50_000,
    },
    ...both(usd, dso.usdPer, dso.perUsd),
    ...both(eur, dso.eurPer, dso.perEur),
  ];
}

/** A market maker's own DSO and its documented rates: units of the DSO per USD and per EUR, and back. */
interface OwnDso {
  code: string;
  issuer: string;
  perUsd: number;
  usdPer: number;
  perEur: number;
  eurPer: number;
}

const tokenizerRules = {
  allowlist_back: true,
  tokenizer: { credit_lines: 'allow', opening_amount: 100_000, redemptions: 'accept' },
} as const;

/**
 * An answering market maker: issues its DSO, lists back, quotes USD/EUR and its DSO both ways, is an RFI
 * up to 50,000 (USD, EUR and its DSO's currency) with a fee of 1 + 0.1 %, refunds on request, asks for
 * lines on the DSOs of the members it lists back and gives a DSO back once its obligation is paid.
 */
function answeringMaker(
  identification: string,
  bic: string,
  country: string,
  spread: number,
  dso: Omit<OwnDso, 'issuer'>,
): NetworkMember {
  return {
    identification,
    role: 'market-maker',
    country,
    bic,
    accounts,
    dsos: [dso.code],
    autopilot: {
      allowlist_back: true,
      allow_dso_credit_lines: true,
      market_maker: { account: 'main', pairs: pairs(spread, { ...dso, issuer: identification }) },
      rfi: {
        account: 'main',
        accept_up_to: 50_000,
        currencies: ['USD', 'EUR', dso.code.slice(0, 3)],
        reject_share: 0,
        fee: { fixed: 1, percent: 0.1 },
        cancellations: 'accept',
        dso_credit_lines: 1_000_000,
        obligations: 'return',
      },
    },
  };
}

const members: NetworkMember[] = [
  { identification: 'tokenizer-usd', role: 'tokenizer', country: 'US', bic: 'TKNUUS33', accounts },
  { identification: 'tokenizer-eur', role: 'tokenizer', country: 'DE', bic: 'TKNEDEFF', accounts },
  { identification: 'mm-london', role: 'market-maker', country: 'GB', bic: 'MMLOGB2L', accounts },
  answeringMaker('mm-singapore', 'MMSGSGSG', 'SG', 0.001, {
    code: 'SGDDSO',
    perUsd: 1.35,
    usdPer: 0.74,
    perEur: 1.45,
    eurPer: 0.69,
  }),
  answeringMaker('mm-saopaulo', 'MMSPBRSP', 'BR', 0.002, {
    code: 'BRLDSO',
    perUsd: 5,
    usdPer: 0.2,
    perEur: 5.4,
    eurPer: 0.185,
  }),
  answeringMaker('mm-nairobi', 'MMNBKENA', 'KE', 0.003, {
    code: 'KESDSO',
    perUsd: 129,
    usdPer: 0.0077,
    perEur: 140,
    eurPer: 0.0071,
  }),
];

const assets = [usd, eur];

/** The same members and assets, with no DSO, no rules, no line: nobody answers. */
export const demoMembersOnly: NetworkFile = {
  members: members.map(({ autopilot: _rules, dsos: _dsos, ...member }) => member),
  assets,
};

export const demoNetwork: NetworkFile = {
  autopilot: { delay_ms: 200 },
  members: members.map((member) => (member.role === 'tokenizer' ? { ...member, autopilot: tokenizerRules } : member)),
  assets,
  // What the answering market makers hold to deliver: 1,000,000 of each currency on main, lines up to 10,000,000.
  credit_lines: ['mm-singapore', 'mm-saopaulo', 'mm-nairobi'].flatMap((holder) =>
    [usd, eur].map((asset) => ({
      holder,
      account: 'main',
      asset: asset.code,
      issuer: asset.issuer,
      limit: 10_000_000,
      balance: 1_000_000,
    })),
  ),
};
