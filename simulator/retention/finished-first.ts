import { Fifo } from './fifo.ts';
import { DroppedCounts } from './retention.ts';

/**
 * Entries by key, bounded in what is finished only (docs/semantics.md, "Retention"): an unfinished entry
 * (an open charge request, an unanswered redemption, a funding not yet sent) is state and stays however
 * many there are; a finished one is history. Past `limit` entries in all, the entry that finished
 * earliest is dropped, then the next, until the count is within the bound or nothing finished is left.
 * Each drop is counted under `store` (`GET /sim/retention`).
 */
export class FinishedFirst<V> {
  private readonly entries = new Map<string, V>();
  /** The keys of finished entries, and the order they finished in (a key set again since is stale there). */
  private readonly finished = new Set<string>();
  private readonly finishOrder = new Fifo<string>();

  constructor(
    private readonly store: string,
    private readonly limit: number,
    private readonly dropped: DroppedCounts = new DroppedCounts(),
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The latest `count` entries kept, newest first (by when each key was first set). It reads every
   * entry kept: at most the bound, and called for the dashboard's short listings only.
   */
  newest(count: number): V[] {
    return [...this.entries.values()].slice(-count).reverse();
  }

  /** A new, unfinished entry (or one replaced: it is unfinished again until `finish`). */
  set(key: string, value: V): void {
    this.entries.set(key, value);
    this.finished.delete(key);
    this.trim();
  }

  /** The entry under `key` is finished: from now on it may be dropped. */
  finish(key: string): void {
    if (!this.entries.has(key) || this.finished.has(key)) return;
    this.finished.add(key);
    this.finishOrder.push(key);
    this.trim();
  }

  private trim(): void {
    while (this.entries.size > this.limit && this.finished.size > 0) {
      const key = this.finishOrder.shift()!;
      if (!this.finished.delete(key)) continue;
      this.entries.delete(key);
      this.dropped.add(this.store);
    }
  }
}
