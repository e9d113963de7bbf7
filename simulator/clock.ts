/**
 * The one clock of the simulator. Every time the service reads (token expiry, quotation validity,
 * message timestamps, ledger records) comes from here, so that tests and the control plane can move
 * time forward without waiting. It follows the wall clock from its starting instant, plus any
 * advances; it never goes backwards, because expiry decisions already taken must stay true.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export class SimClock implements Clock {
  private readonly startedAt: number;
  private offset = 0;

  /**
   * @param start  the instant the clock shows now (default: the wall clock)
   * @param source the real time source; tests pass a fake one to freeze time
   */
  constructor(start?: number, private readonly source: () => number = Date.now) {
    this.startedAt = source();
    if (start !== undefined) this.offset = start - this.startedAt;
  }

  now(): number {
    return this.source() + this.offset;
  }

  advance(ms: number): number {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('advance_ms must be a non-negative integer');
    this.offset += ms;
    return this.now();
  }

  /** Moves the clock to `instant`; refuses to go back in time. */
  set(instant: number): number {
    if (!Number.isSafeInteger(instant)) throw new RangeError('now must be an integer number of milliseconds');
    const current = this.now();
    if (instant < current) throw new RangeError(`the clock never goes backwards (now ${current}, asked ${instant})`);
    this.offset += instant - current;
    return this.now();
  }
}
