/**
 * simulator/activity/: what happened on the network, newest last, for the dashboard (/ui) and for the
 * autopilot members: every API call (who called what, with the request and the answer), every gateway
 * delivery (which message went to whom) and every autopilot action (with the rule that fired). Bounded:
 * the oldest entries are dropped, so a long-running simulator keeps a constant amount of it.
 */
import type { GatewayMessageType } from '../../schemas/enumerations.ts';

/** One API call, recorded once answered. `request` and `answer` are the JSON bodies as data (never headers). */
export interface CallEntry {
  kind: 'call';
  member?: string;
  endpoint?: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  request?: unknown;
  status: number;
  answer?: unknown;
}

/** A message put on a member's gateway queue. */
export interface DeliveryEntry {
  kind: 'delivery';
  member: string;
  queue: GatewayMessageType;
  payload: object;
}

/** Something an autopilot member did or decided, and the rule that made it. */
export interface AutopilotEntry {
  kind: 'autopilot';
  member: string;
  rule: string;
  action: string;
  outcome: 'done' | 'skipped' | 'failed';
  detail?: string;
}

export type ActivityEvent = CallEntry | DeliveryEntry | AutopilotEntry;
export type ActivityEntry = ActivityEvent & { sequence: number; at: number };
export type ActivityListener = (entry: ActivityEntry) => void;

/** How many entries are kept at least (at most a quarter more): enough for a session of a developer watching /ui. */
export const ACTIVITY_RETENTION = 2000;

export class ActivityLog {
  private readonly entries: ActivityEntry[] = [];
  private readonly listeners = new Set<ActivityListener>();
  private sequence = 0;

  constructor(
    private readonly now: () => number,
    private readonly retention = ACTIVITY_RETENTION,
  ) {}

  /**
   * Numbers and dates the event, which becomes the entry: every caller hands over a literal made for
   * it. Copying it (`{ ...event, sequence, at }`) made V8 build a new hidden class on every call, about
   * 3 µs of every read (perf, bench/README.md "hot-paths").
   */
  record(event: ActivityEvent): ActivityEntry {
    const entry = event as ActivityEntry;
    entry.sequence = ++this.sequence;
    entry.at = this.now();
    this.entries.push(entry);
    // Trimmed in batches (a quarter over the bound), so a busy simulator does not shift the array on every call.
    if (this.entries.length > this.retention * 1.25) this.entries.splice(0, this.entries.length - this.retention);
    for (const listener of this.listeners) {
      try {
        listener(entry);
      } catch (error) {
        // A listener's failure (a dashboard that went away) must never fail the call that was recorded.
        console.error('activity listener failed:', error);
      }
    }
    return entry;
  }

  /** The entries kept, oldest first; with `after`, only those recorded after that sequence number. */
  list(after = 0): ActivityEntry[] {
    return after === 0 ? [...this.entries] : this.entries.filter((entry) => entry.sequence > after);
  }

  /** Calls `listener` with every entry recorded from now on; answers the function that stops it. */
  subscribe(listener: ActivityListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
