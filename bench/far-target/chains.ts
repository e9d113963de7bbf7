import type { JournalEntry } from '../../test-support/far-target.ts';

/**
 * A longest chain of requests each sent after the answer to the one before, in the order sent: how many
 * round trips a stretch of a run waited through one after the other. At a target `d` ms away that
 * stretch takes at least chain × d, however fast both sides are, so it is what latency multiplies;
 * requests sent together (Promise.all, parallel workers) count once.
 */
export function longestChainOf(entries: readonly JournalEntry[]): JournalEntry[] {
  const byArrival = [...entries].sort((a, b) => a.arrived - b.arrived);
  // Answered requests so far, each with the longest chain ending in it and the link before it.
  const ended: Array<{ entry: JournalEntry; chain: number; before: number | undefined }> = [];
  let last: number | undefined;
  for (const entry of byArrival) {
    let before: number | undefined;
    // A request sent within a millisecond of an answer may still have waited for it (the proxy's and the
    // client's clocks are one, but the answer travels): 1 ms of slack.
    ended.forEach((done, index) => {
      if (done.entry.answered <= entry.arrived + 1 && done.chain > (before === undefined ? 0 : ended[before]!.chain))
        before = index;
    });
    ended.push({ entry, chain: (before === undefined ? 0 : ended[before]!.chain) + 1, before });
    if (last === undefined || ended.at(-1)!.chain > ended[last]!.chain) last = ended.length - 1;
  }
  const chain: JournalEntry[] = [];
  for (let at = last; at !== undefined; at = ended[at]!.before) chain.unshift(ended[at]!.entry);
  return chain;
}

export function longestChain(entries: readonly JournalEntry[]): number {
  return longestChainOf(entries).length;
}

/**
 * How many links of `chain` each kind of request is (`kindOf`, e.g. its endpoint), most first: what the
 * chain waits on, such as one balance read per step of an invariant property.
 */
export function linksByKind(
  chain: readonly JournalEntry[],
  kindOf: (entry: JournalEntry) => string,
): Record<string, number> {
  const counts = new Map<string, number>();
  for (const entry of chain) counts.set(kindOf(entry), (counts.get(kindOf(entry)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}
