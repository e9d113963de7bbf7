/**
 * The rules an autopilot member follows (a network file's `members[].autopilot`). Each behaviour is
 * optional; a member without rules is driven by hand. docs/network.md describes every rule.
 */
import type { JsonSchema } from '../../schemas/catalogue-types.ts';

/**
 * One pair a market maker quotes: `rate` units of the quoted asset per unit of the base asset, before its
 * spread. Either asset may be a DSO (code + `DSO`); its leg is carried by `emission` (semantics, Exchange).
 */
export interface QuotePair {
  base: string;
  base_issuer: string;
  quoted: string;
  quoted_issuer: string;
  rate: number;
  /** Share taken off the rate for the buyer (0.002 = 0.2 %); default 0. */
  spread?: number;
  /** Bounds of the quoted amount, in units of the quoted asset; the minimum defaults to 0. */
  minimum?: number;
  maximum: number;
  /** How long a quotation stays valid, in simulated ms (default 60 000). */
  validity_ms?: number;
}

export interface MarketMakerRules {
  /** The account it delivers from and is paid into (default `main`). */
  account?: string;
  pairs: QuotePair[];
}

export interface FeeSchedule {
  /** A fixed fee per payment, in the payout currency. */
  fixed?: number;
  /** A share of the amount, in percent. */
  percent?: number;
}

export interface RfiRules {
  /** The account payments are credited to (default `main`). */
  account?: string;
  /** Payments above this amount are rejected; none when absent. */
  accept_up_to?: number;
  /** Currencies accepted; any when absent. */
  currencies?: string[];
  /** Share of otherwise accepted payments rejected at random (0 to 1), from a fixed seed. */
  reject_share?: number;
  /** Seed of those random rejections (default 1): the same seed rejects the same payments. */
  seed?: number;
  /** The fee it answers charge requests with; no answer to charge requests when absent. */
  fee?: FeeSchedule;
  /** camt.056: `accept` refunds with a pacs.004, `reject` answers a camt.029 RJCR (default reject). */
  cancellations?: 'accept' | 'reject';
  /**
   * A ceiling: asks each member it lists back for a credit line of this ceiling on every DSO that member
   * issues (at once, and when it issues one later), so that it can be paid in them. None when absent.
   */
  dso_credit_lines?: number;
  /** SVC.002 for a payment it accepted in the OFI's DSO: `return` gives the DSO back with a pacs.004 (default), `keep` holds it. */
  obligations?: 'return' | 'keep';
}

export interface TokenizerRules {
  /** `allow` allows every DSA credit line requested of it; `ignore` leaves requests waiting. */
  credit_lines: 'allow' | 'ignore';
  /** Whole units minted into a line it has just allowed for the first time (at most the line's limit); 0 for none. */
  opening_amount?: number;
  /** pacs.009: `accept` answers a pacs.002 ACSC (the amount is burned), `reject` a pacs.002 RJCT. */
  redemptions?: 'accept' | 'reject';
}

/** An OFI sending traffic: a payment to one member at a pace. */
export interface PaymentTraffic {
  to: string;
  /** Simulated ms between two payments. */
  every_ms: number;
  amount: number;
  currency: string;
  issuer: string;
  /** The account paid from (default `main`). */
  account?: string;
}

/** A buyer sending traffic: a quotation request at a pace, and an exchange of the best answer. */
export interface ExchangeTraffic {
  /** Simulated ms between two requests. */
  every_ms: number;
  base: string;
  base_issuer: string;
  quoted: string;
  quoted_issuer: string;
  /** Base units exchanged each time. */
  amount: number;
  /** Simulated ms it waits for answers before it takes the best (default 1000). */
  wait_ms?: number;
  /** The account it pays from and is paid into (default `main`). */
  account?: string;
}

export interface AutopilotRules {
  /** Puts back on its allowlist a member that puts it on its own. */
  allowlist_back?: boolean;
  /** Allows every credit line requested for a DSO it issued. */
  allow_dso_credit_lines?: boolean;
  market_maker?: MarketMakerRules;
  rfi?: RfiRules;
  tokenizer?: TokenizerRules;
  payments?: PaymentTraffic;
  exchanges?: ExchangeTraffic;
}

const amount = { type: 'number', exclusiveMinimum: 0 };
const currency = { type: 'string', pattern: '^[A-Z]{3}$' };
/** A DSA's ISO 4217 code, or a DSO's (that code followed by DSO). */
const assetCode = { type: 'string', pattern: '^[A-Z]{3}(DSO)?$' };
const identification = { type: 'string', pattern: '^[a-zA-Z0-9-]{5,32}$' };
const account = { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,32}$' };

export const autopilotRulesSchema: JsonSchema = {
  type: 'object',
  properties: {
    allowlist_back: { type: 'boolean' },
    allow_dso_credit_lines: { type: 'boolean' },
    market_maker: {
      type: 'object',
      required: ['pairs'],
      properties: {
        account,
        pairs: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['base', 'base_issuer', 'quoted', 'quoted_issuer', 'rate', 'maximum'],
            properties: {
              base: assetCode,
              base_issuer: identification,
              quoted: assetCode,
              quoted_issuer: identification,
              rate: amount,
              spread: { type: 'number', minimum: 0, exclusiveMaximum: 1 },
              minimum: { type: 'number', minimum: 0 },
              maximum: amount,
              validity_ms: { type: 'integer', minimum: 1000, maximum: 86_400_000 },
            },
          },
        },
      },
    },
    rfi: {
      type: 'object',
      properties: {
        account,
        accept_up_to: amount,
        currencies: { type: 'array', uniqueItems: true, items: currency },
        reject_share: { type: 'number', minimum: 0, maximum: 1 },
        seed: { type: 'integer' },
        fee: {
          type: 'object',
          properties: { fixed: { type: 'number', minimum: 0 }, percent: { type: 'number', minimum: 0, maximum: 100 } },
        },
        cancellations: { enum: ['accept', 'reject'] },
        dso_credit_lines: { type: 'integer', minimum: 1 },
        obligations: { enum: ['return', 'keep'] },
      },
    },
    payments: {
      type: 'object',
      required: ['to', 'every_ms', 'amount', 'currency', 'issuer'],
      properties: {
        to: identification,
        every_ms: { type: 'integer', minimum: 100 },
        amount,
        currency,
        issuer: identification,
        account,
      },
    },
    exchanges: {
      type: 'object',
      required: ['every_ms', 'base', 'base_issuer', 'quoted', 'quoted_issuer', 'amount'],
      properties: {
        every_ms: { type: 'integer', minimum: 100 },
        base: currency,
        base_issuer: identification,
        quoted: currency,
        quoted_issuer: identification,
        amount,
        wait_ms: { type: 'integer', minimum: 1, maximum: 3_600_000 },
        account,
      },
    },
    tokenizer: {
      type: 'object',
      required: ['credit_lines'],
      properties: {
        credit_lines: { enum: ['allow', 'ignore'] },
        opening_amount: { type: 'integer', minimum: 0 },
        redemptions: { enum: ['accept', 'reject'] },
      },
    },
  },
};
