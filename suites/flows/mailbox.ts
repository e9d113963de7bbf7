import { setTimeout as sleep } from 'node:timers/promises';
import type { GatewayMessageType } from '../../schemas/enumerations.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { readMessages } from './gateway.ts';
import type { Party } from './party.ts';
import { findPayload } from './payload-places.ts';

/**
 * Waiting for one gateway message among others. A read consumes what it returns (semantics §9), and a
 * member's queue may hold messages of earlier checks of this worker, so every payload read is kept here,
 * per member and queue, for the rest of the worker's life: a message read while looking for another is
 * still found by the check that needs it later. Workers never share members, so this store is theirs.
 */

const kept = new Map<string, object[]>();

/** How long a message may take to arrive. */
export const DELIVERY_TIMEOUT_MS = 5_000;
const POLL_INTERVAL_MS = 100;

/** A payload whose canonical JSON contains `text` (an identifier), whatever its shape: the spec does not show the shapes. */
export function mentioning(text: string): (payload: object) => boolean {
  return (payload) => canonicalJson(payload).includes(text);
}

/** What a caller looks for: it is shown each place of each response_data object (payload-places.ts). */
export type Wanted = (payload: Record<string, unknown>) => boolean;

/** A payload found, and the response_data object it was found in (the same object, or the one holding it). */
export interface Delivery {
  payload: object;
  data: object;
}

/**
 * A payload that names one of `values`: a string equal to one of them at its top level or one level down
 * (a field of an object it holds, an item of a list it holds, a field of an object in such a list). The
 * spec shows no payload shape (line 531), so an identifier counts wherever a plain reading would put it,
 * and a longer text that merely contains it does not.
 */
export function naming(...values: string[]): (payload: object) => boolean {
  const wanted = new Set(values);
  const named = (value: unknown) => typeof value === 'string' && wanted.has(value);
  return (payload) => Object.values(payload).some((value) => named(value) || oneLevelDown(value).some(named));
}

/** What a field's value holds one level down: an object's fields, a list's items and the fields of its objects. */
function oneLevelDown(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  if (!Array.isArray(value)) return Object.values(value);
  return value.flatMap((item) =>
    typeof item === 'object' && item !== null && !Array.isArray(item) ? Object.values(item) : [item],
  );
}

/**
 * The first payload on `member`'s `type` queue, read now or earlier, that `wanted` accepts, at either
 * place of its response_data object (payload-places.ts: the object itself, else an object directly
 * inside it); fails under `requirement` when none came within `timeoutMs`. `what` says what was
 * awaited, for the message. Requirements: `requirement`, GW-READ-CONSUMES, RES-LEDGER-SCHEMAS.
 */
export async function awaitPayload(
  member: Party,
  type: GatewayMessageType,
  wanted: Wanted,
  requirement: string,
  what: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<object> {
  return (await awaitDelivery(member, type, wanted, requirement, what, timeoutMs)).payload;
}

/** `awaitPayload`, with the response_data object the payload came in: for the rules of the reference about where it sits. */
export async function awaitDelivery(
  member: Party,
  type: GatewayMessageType,
  wanted: Wanted,
  requirement: string,
  what: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const kept = await readAndKeep(member, type);
    const found = firstDelivery(kept, wanted);
    if (found) return found;
    if (Date.now() >= deadline) {
      const seen = kept.map((data) => canonicalJson(data).slice(0, 200)).join(', ');
      throw new CheckFailure(
        requirement,
        `${member.identification} received no ${type} gateway message ${what} within ${timeoutMs} ms; its ${type} messages: ${seen === '' ? 'none' : seen}`,
      );
    }
    await sleep(POLL_INTERVAL_MS);
  }
}

/** Whether any payload read so far (now included), at either place, is accepted by `wanted`: for what must not arrive. */
export async function hasPayload(member: Party, type: GatewayMessageType, wanted: Wanted): Promise<boolean> {
  return firstDelivery(await readAndKeep(member, type), wanted) !== undefined;
}

function firstDelivery(kept: readonly object[], wanted: Wanted): Delivery | undefined {
  for (const data of kept) {
    const payload = findPayload(data, wanted);
    if (payload) return { payload, data };
  }
  return undefined;
}

/** Reads the queue once and answers every response_data object kept for it, the new ones last. */
async function readAndKeep(member: Party, type: GatewayMessageType): Promise<object[]> {
  const key = `${member.identification} ${type}`;
  const payloads = kept.get(key) ?? [];
  kept.set(key, payloads);
  for (const message of await readMessages(member, type)) payloads.push(...message.response_data);
  return payloads;
}
