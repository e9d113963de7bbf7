/**
 * simulator/gateway/: the gateway message service (semantics §9). Messages addressed to a member wait
 * in one of its four queues until the member reads them with `GET /gateway/messages`; a read consumes
 * what it returns. Producers (ledger notifications, quotations, charges, payments) only enqueue here;
 * what a payload holds is decided by its producer, not by this folder; where it sits in the message is
 * decided here (`DeliveryKind`).
 */
import type { GatewayMessageType } from '../../schemas/enumerations.ts';
import { FaultSwitch } from '../faults/catalogue.ts';
import { ReadingSwitch } from '../readings/catalogue.ts';
import { Fifo } from '../retention/fifo.ts';
import { defaultRetention, DroppedCounts } from '../retention/retention.ts';

/** The spec's streamMessages: one payload per message, the timestamp as a string of ms digits. */
export interface StreamMessage {
  response_data: [object];
  timestamp: string;
}

/**
 * What a message delivers. The reference puts the payload itself in response_data; under the reading
 * nested-gateway-payloads (the spec does not show the objects' shape, line 531) it sits under its kind,
 * `{"charge_request": {…}}`, so that a reader tells the kinds of one queue apart by the key.
 */
export const deliveryKinds = [
  'charge_request',
  'charge',
  'quotation_request',
  'quotation',
  'payment',
  'transaction',
] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

/** The most messages one read returns; the rest wait for the next read. */
export const GATEWAY_READ_LIMIT = 100;

/** Told of every message put on a queue (the dashboard and the autopilot members watch deliveries): the payload as its producer made it. */
export type EnqueueListener = (member: string, type: GatewayMessageType, payload: object) => void;

/**
 * Unread messages are bounded per member and queue (retention `gatewayMessages`): a member that never
 * reads (nobody reads `transactions` in a load test) would otherwise keep every message for good. Past
 * the bound the oldest unread message is dropped and counted (`GET /sim/retention`, `gateway:<member>|<type>`).
 */
export class GatewayQueues {
  private readonly queues = new Map<string, Fifo<StreamMessage>>();
  private readonly listeners: EnqueueListener[] = [];

  constructor(
    private readonly faults: FaultSwitch = new FaultSwitch(),
    private readonly limit: number = defaultRetention.gatewayMessages,
    private readonly dropped: DroppedCounts = new DroppedCounts(),
    private readonly readings: ReadingSwitch = new ReadingSwitch(),
  ) {}

  /** `timestamp` is when the message was emitted, in ms from the simulator clock; `kind` what `payload` is. */
  enqueue(member: string, type: GatewayMessageType, kind: DeliveryKind, payload: object, timestamp: number): void {
    const key = queueKey(member, type);
    let queue = this.queues.get(key);
    if (!queue) this.queues.set(key, (queue = new Fifo()));
    // Reading nested-gateway-payloads: the payload sits under its kind inside the response_data object.
    const data = this.readings.on('nested-gateway-payloads') ? { [kind]: payload } : payload;
    // A queued message never changes: frozen, a snapshot shares it rather than copying it (snapshots/copy-graph.ts).
    queue.push(Object.freeze({ response_data: Object.freeze([data]) as [object], timestamp: String(timestamp) }));
    if (queue.length > this.limit) {
      queue.shift();
      this.dropped.add(`gateway:${key}`);
    }
    for (const listener of this.listeners) listener(member, type, payload);
  }

  onEnqueue(listener: EnqueueListener): void {
    this.listeners.push(listener);
  }

  /** Forgets every listener: a restored copy (snapshots/) is wired again by its owner (state.ts). */
  detachListeners(): void {
    this.listeners.length = 0;
  }

  /** How many messages wait, per member and queue type (for the dashboard). */
  pending(): Array<{ member: string; type: GatewayMessageType; count: number }> {
    return [...this.queues]
      .filter(([, queue]) => queue.length > 0)
      .map(([key, queue]) => {
        const [member, type] = key.split('|') as [string, GatewayMessageType];
        return { member, type, count: queue.length };
      });
  }

  /** The oldest pending messages, in order, removed from the queue; `[]` when none wait. */
  read(member: string, type: GatewayMessageType): StreamMessage[] {
    const queue = this.queues.get(queueKey(member, type));
    if (!queue) return [];
    // Fault gateway-read-does-not-consume: the messages are returned and left in the queue.
    return this.faults.on('gateway-read-does-not-consume')
      ? queue.peek(GATEWAY_READ_LIMIT)
      : queue.take(GATEWAY_READ_LIMIT);
  }
}

function queueKey(member: string, type: GatewayMessageType): string {
  return `${member}|${type}`;
}

/**
 * What a response_data object the simulator wrote delivers: the object itself, or under the reading
 * nested-gateway-payloads the payload under its kind. The autopilot members read their queues through
 * the API, as any member does, and open what they read with this.
 */
export function deliveredPayload(readings: ReadingSwitch, data: object): object {
  if (!readings.on('nested-gateway-payloads')) return data;
  const entries = Object.entries(data);
  const [kind, payload] = entries[0] ?? [];
  const nested =
    entries.length === 1 &&
    (deliveryKinds as readonly unknown[]).includes(kind) &&
    typeof payload === 'object' &&
    payload !== null;
  return nested ? (payload as object) : data;
}
