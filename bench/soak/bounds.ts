/**
 * Whether a soak reached the simulator's history bounds, and the memory plateau after it did (issue 31
 * item 5). A bound is reached when its store has dropped something (`GET /sim/retention`, `dropped`);
 * before that, a flat memory only says the run was too short to fill the store.
 */

/**
 * The stores the soak's traffic grows (exchanges and payments): funding instructions, charges and
 * redemptions are only used while the lanes are set up, so their bounds are never reached.
 */
export const SOAK_STORES = [
  'quotations',
  'gatewayMessages',
  'ledgerTransactions',
  'notifications',
  'payments',
  'messageIdentifiers',
] as const;
export type SoakStore = (typeof SOAK_STORES)[number];

/** The targets: RSS at most this once the bounds are reached ... */
export const PLATEAU_RSS_MAX_MB = 300;
/** ... and within this of the median over the last minutes. */
export const PLATEAU_BAND_MB = 50;
export const PLATEAU_BAND_MINUTES = 20;

/** Drops per soak store; the gateway counts its queues one by one (`gateway:<member>|<queue>`), summed here. */
export function droppedByStore(dropped: Readonly<Record<string, number>>): Record<SoakStore, number> {
  const counts = Object.fromEntries(SOAK_STORES.map((store) => [store, 0])) as Record<SoakStore, number>;
  for (const [name, count] of Object.entries(dropped)) {
    const store = name.startsWith('gateway:') ? 'gatewayMessages' : name;
    if ((SOAK_STORES as readonly string[]).includes(store)) counts[store as SoakStore] += count;
  }
  return counts;
}

export interface PlateauMinute {
  minute: number;
  rss_mb: number;
  dropped: Record<SoakStore, number>;
}

export interface Plateau {
  /** The first minute at whose end each store had dropped something; null: not reached in the run. */
  reached_at_minute: Record<SoakStore, number | null>;
  /** The minute from which every bound was reached; null when one never was. */
  all_reached_at_minute: number | null;
  /** RSS from that minute on: the plateau. */
  rss_mb_after_reached: [number, number] | null;
  /** The last minutes' RSS, their median and how far they stray from it. */
  last_minutes: { from: number; to: number; median_mb: number; deviation_mb: [number, number] } | null;
  /** Every bound reached before the last minutes began, RSS at most the maximum since, and the last minutes within the band. */
  met: boolean;
}

/** The plateau of a soak's minutes (oldest first), judged against the targets. */
export function plateauOf(minutes: readonly PlateauMinute[]): Plateau {
  const reached = Object.fromEntries(
    SOAK_STORES.map((store) => [store, minutes.find((entry) => entry.dropped[store] > 0)?.minute ?? null]),
  ) as Record<SoakStore, number | null>;
  const times = Object.values(reached);
  const allReached = times.every((minute) => minute !== null) ? Math.max(...(times as number[])) : null;
  const after = allReached === null ? [] : minutes.filter((entry) => entry.minute >= allReached);
  const rssAfter = after.length === 0 ? null : extent(after.map((entry) => entry.rss_mb));

  const last = minutes.slice(-PLATEAU_BAND_MINUTES);
  const lastMinutes =
    minutes.length < PLATEAU_BAND_MINUTES
      ? null
      : (() => {
          const median = medianOf(last.map((entry) => entry.rss_mb));
          return {
            from: last[0]!.minute,
            to: last.at(-1)!.minute,
            median_mb: median,
            deviation_mb: extent(last.map((entry) => round(entry.rss_mb - median))),
          };
        })();
  const met =
    allReached !== null &&
    lastMinutes !== null &&
    allReached < lastMinutes.from &&
    rssAfter !== null &&
    rssAfter[1] <= PLATEAU_RSS_MAX_MB &&
    Math.max(...lastMinutes.deviation_mb.map(Math.abs)) <= PLATEAU_BAND_MB;
  return {
    reached_at_minute: reached,
    all_reached_at_minute: allReached,
    rss_mb_after_reached: rssAfter,
    last_minutes: lastMinutes,
    met,
  };
}

function extent(values: number[]): [number, number] {
  return [Math.min(...values), Math.max(...values)];
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return round(sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
