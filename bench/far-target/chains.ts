import type { JournalEntry } from '../../test-support/far-target.ts';

/**
 * The longest chain of requests each sent after the answer to the one before: how many round trips a
 * stretch of a run waited through one after the other. At a target `d` ms away that stretch takes at
 * least chain × d, however fast both sides are, so it is what latency multiplies; requests sent
 * together (Promise.all, parallel workers) count once.
 */
export function longestChain(entries: readonly JournalEntry[]): number {
  const byArrival = [...entries].sort((a, b) => a.arrived - b.arrived);
  // Answered requests so far, by answer time, each with the longest chain ending in it.
  const ended: Array<{ answered: number; chain: number }> = [];
  let longest = 0;
  for (const entry of byArrival) {
    let before = 0;
    // A request sent within a millisecond of an answer may still have waited for it (the proxy's and the
    // client's clocks are one, but the answer travels): 1 ms of slack.
    for (const done of ended) if (done.answered <= entry.arrived + 1 && done.chain > before) before = done.chain;
    const chain = before + 1;
    ended.push({ answered: entry.answered, chain });
    if (chain > longest) longest = chain;
  }
  return longest;
}
