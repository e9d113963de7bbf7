/**
 * Actions due at instants of the simulator's clock, run one at a time in the order they fall due. The
 * clock follows the wall clock from where it was set, so a real timer finds most actions on time; it is
 * re-armed at least every POLL_MS, so moving the clock forward (`POST /sim/clock`) brings due actions
 * within that much real time. Nothing is armed while nothing waits, and the timer never keeps the
 * process alive.
 */
import type { Clock } from '../clock.ts';

const POLL_MS = 50;

interface Pending {
  due: number;
  key: string;
  run: () => Promise<void>;
}

export class VirtualTimers {
  private readonly pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly clock: Clock) {}

  /** Runs `run` once the clock reaches `due`; a second action with a key still waiting is dropped. */
  at(due: number, key: string, run: () => Promise<void>): void {
    if (this.stopped || this.pending.some((waiting) => waiting.key === key)) return;
    this.pending.push({ due, key, run });
    this.arm();
  }

  /** Nothing more runs; an action already running finishes. Answers once it has. */
  stop(): Promise<void> {
    this.stopped = true;
    this.pending.length = 0;
    clearTimeout(this.timer);
    return this.running;
  }

  /** Resolves once nothing due by the clock's present waits or runs (later actions may still wait). */
  async idle(): Promise<void> {
    const dueBy = this.clock.now();
    while (this.pending.some((waiting) => waiting.due <= dueBy))
      await this.running.then(() => new Promise((resolve) => setTimeout(resolve, POLL_MS)));
    await this.running;
  }

  private arm(): void {
    if (this.timer || this.pending.length === 0 || this.stopped) return;
    const next = Math.min(...this.pending.map((waiting) => waiting.due));
    this.timer = setTimeout(() => this.fire(), Math.max(0, Math.min(POLL_MS, next - this.clock.now())));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    const now = this.clock.now();
    const due = this.pending.filter((waiting) => waiting.due <= now).sort((a, b) => a.due - b.due);
    for (const action of due) {
      this.pending.splice(this.pending.indexOf(action), 1);
      // One at a time: an autopilot member's back office handles one thing after another.
      this.running = this.running.then(() => (this.stopped ? undefined : action.run()));
    }
    this.arm();
  }
}
