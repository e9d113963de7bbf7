/**
 * How much history the simulator keeps (docs/semantics.md, "Retention"). Everything that grows with
 * traffic has a bound here, so that a simulator under endless load (a developer's overnight test)
 * keeps a flat memory. Balances, credit lines and minted/burned totals are state, not history: they
 * never depend on what was dropped. One options object, so that `dss sim --retention` and a network
 * file can carry the same settings.
 */
export interface RetentionOptions {
  /** Quotations kept, with their requests; past it the oldest finished (or expired) go first, then the oldest open. */
  quotations: number;
  /** Unread messages per member and gateway queue; past it the oldest unread message is dropped. */
  gatewayMessages: number;
  /** Ledger transaction records (`GET /sim/ledger`); past it the oldest record is dropped. */
  ledgerTransactions: number;
  /** Notifications per account kept for a listening restart with a reference; past it the oldest. */
  notifications: number;
  /** Payments kept (`GET /transactions`, later messages about them); past it the oldest finished first, then the oldest. */
  payments: number;
  /** Message and instruction identifiers remembered per sender for uniqueness; past it the oldest are forgotten. */
  messageIdentifiers: number;
  /** Funding instructions; past it the one sent earliest is forgotten (one not sent yet stays). */
  fundingInstructions: number;
  /** Charge request_uuids used; past it the one answered earliest is forgotten (an open request stays). */
  charges: number;
  /** Redemptions; past it the one answered earliest is dropped (one not answered yet stays). */
  redemptions: number;
}

/**
 * A tenth of the first defaults, at which a simulator under endless traffic reached 600-740 MB of RSS
 * (docs/semantics.md, "Retention", says why these; bench/results/NOTES.md, "soak", what they cost).
 */
export const defaultRetention: Readonly<RetentionOptions> = Object.freeze({
  quotations: 5_000,
  gatewayMessages: 1_000,
  ledgerTransactions: 10_000,
  notifications: 1_000,
  payments: 5_000,
  messageIdentifiers: 10_000,
  fundingInstructions: 5_000,
  charges: 5_000,
  redemptions: 5_000,
});

export type RetentionName = keyof RetentionOptions;

/** Complete options from a partial set; each bound a whole number of at least 1. */
export function retentionOptions(given: Partial<RetentionOptions> = {}): RetentionOptions {
  const options = { ...defaultRetention, ...given };
  for (const [name, value] of Object.entries(options)) {
    if (!Number.isSafeInteger(value) || value < 1)
      throw new RangeError(`retention ${name} must be a whole number of at least 1, got ${value}`);
  }
  return options;
}

/** Parses `name=count,name=count` (the `dss sim --retention` option); unknown names and bad counts throw with a clear message. */
export function parseRetention(text: string): Partial<RetentionOptions> {
  const parsed: Partial<RetentionOptions> = {};
  for (const part of text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const [name = '', count = ''] = part.split('=').map((side) => side.trim());
    if (!Object.hasOwn(defaultRetention, name))
      throw new RangeError(`unknown retention "${name}"; known: ${Object.keys(defaultRetention).join(', ')}`);
    const value = /^[1-9][0-9]{0,15}$/.test(count) ? Number(count) : NaN;
    if (!Number.isSafeInteger(value))
      throw new RangeError(`retention ${name} must be a whole number of at least 1, got "${count}"`);
    parsed[name as RetentionName] = value;
  }
  return parsed;
}

/** What was dropped so far, by store (and for gateway queues by `member|type`): `GET /sim/retention`. */
export class DroppedCounts {
  readonly counts = new Map<string, number>();

  add(store: string, count = 1): void {
    this.counts.set(store, (this.counts.get(store) ?? 0) + count);
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
  }
}
