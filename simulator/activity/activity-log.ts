/**
 * simulator/activity/: what happened on the network, newest last, for the dashboard (/ui) and for the
 * autopilot members: every API call (who called what, with the request and the answer), every gateway
 * delivery (which message went to whom) and every autopilot action (with the rule that fired). Bounded:
 * the oldest entries are dropped, so a long-running simulator keeps a constant amount of it.
 */
import type { GatewayMessageType } from '../../schemas/enumerations.ts';
import type { Clock } from '../clock.ts';

/**
 * One API call, recorded once answered. `request` is the JSON body as data (never headers); the answer,
 * a refusal's too, is kept as the JSON text that was sent (`answerJson`), which the dashboard reads back
 * (ui/present.ts): one string instead of a tree of objects per call (see ActivityLog.same).
 */
export interface CallEntry {
  kind: 'call';
  member?: string;
  endpoint?: string;
  method: string;
  path: string;
  query?: Readonly<Record<string, string>>;
  request?: unknown;
  status: number;
  answerJson: string;
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
  /** The member it answered or dealt with, so that a view of that member shows the answers about it. */
  about?: string;
}

/**
 * A change made to the network from outside the spec's API (the control plane, the dashboard): the
 * clock moved, with what expired meanwhile; a fault, reading or autopilot behaviour switched.
 * `members` names whom it concerns (an expired quotation's buyer and seller); none means everyone.
 */
export interface NetworkEntry {
  kind: 'network';
  change: 'clock' | 'expiry' | 'faults' | 'readings' | 'autopilot' | 'snapshot';
  text: string;
  members?: string[];
}

export type ActivityEvent = CallEntry | DeliveryEntry | AutopilotEntry | NetworkEntry;
export type ActivityEntry = ActivityEvent & { sequence: number; at: number };
export type ActivityListener = (entry: ActivityEntry) => void;

/** How many entries are kept at least (at most a quarter more): enough for a session of a developer watching /ui. */
export const ACTIVITY_RETENTION = 2000;

export class ActivityLog {
  private readonly entries: ActivityEntry[] = [];
  private readonly listeners = new Set<ActivityListener>();
  private sequence = 0;
  /** The last path and answer text kept per endpoint (see same): bounded by the catalogue. */
  private readonly lastTexts = { path: new Map<string, string>(), answer: new Map<string, string>() };

  constructor(
    private readonly clock: Clock,
    private readonly retention = ACTIVITY_RETENTION,
  ) {}

  /**
   * Numbers and dates the event, which becomes the entry: every caller hands over a literal made for
   * it. Copying it (`{ ...event, sequence, at }`) made V8 build a new hidden class on every call, about
   * 3 µs of every read (perf, bench/results/NOTES.md "hot-paths").
   */
  record(event: ActivityEvent): ActivityEntry {
    const entry = event as ActivityEntry;
    entry.sequence = ++this.sequence;
    entry.at = this.clock.now();
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

  /**
   * `text`, or the equal string kept last for the endpoint (its path, its answer). The log holds
   * the last calls for a while, long enough for V8 to move what they hold to the old generation; a
   * client that reads the same thing again and again then makes each entry hold a new copy of the same
   * text, and the copies promoted call after call made V8 grow its young generation and the collector
   * work for every read. Equal strings shared, a repeated read leaves nothing new behind but its entry.
   */
  same(kind: 'path' | 'answer', endpoint: string, text: string): string {
    const lastTexts = this.lastTexts[kind];
    const last = lastTexts.get(endpoint);
    if (last === text) return last;
    lastTexts.set(endpoint, text);
    return text;
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

  /** Forgets every listener: a restored copy (snapshots/) is listened to by its own world, not the original's. */
  detachListeners(): void {
    this.listeners.clear();
  }
}
