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
  constructor(
    start?: number,
    private readonly source: () => number = Date.now,
  ) {
    this.startedAt = source();
    if (start !== undefined) this.offset = withinDates(start, 'the start of the clock') - this.startedAt;
  }

  now(): number {
    return this.source() + this.offset;
  }

  advance(ms: number): number {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('advance_ms must be a non-negative integer');
    withinDates(this.now() + ms, 'the clock moved by advance_ms');
    this.offset += ms;
    return this.now();
  }

  /**
   * Makes a copy of a clock show `instant` now, and run on from there: the clock of a restored snapshot
   * (snapshots/), whose world had that time. A clock in use never goes back; a restore replaces the
   * whole world it belongs to, the decisions taken on it included.
   */
  resumeAt(instant: number): void {
    this.offset = withinDates(instant, 'the restored clock') - this.source();
  }

  /** Moves the clock to `instant`; refuses to go back in time. */
  set(instant: number): number {
    if (!Number.isSafeInteger(instant)) throw new RangeError('now must be an integer number of milliseconds');
    const current = this.now();
    if (instant < current) throw new RangeError(`the clock never goes backwards (now ${current}, asked ${instant})`);
    withinDates(instant, 'now');
    this.offset += instant - current;
    return this.now();
  }
}

/**
 * The last instant with a four-digit year (9999-12-31T23:59:59.999Z). ISO 8601 as the service writes it
 * (`toISOString`, ISO 20022 timestamps) has no later one, and past 8.64e15 ms a Date holds nothing at
 * all: every token check would then fail and every authenticated call answer 500.
 */
export const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function withinDates(instant: number, what: string): number {
  if (instant > LATEST_INSTANT)
    throw new RangeError(
      `${what} would be ${instant}, after the latest instant the service can write as a date (${LATEST_INSTANT} ms, 9999-12-31)`,
    );
  return instant;
}
