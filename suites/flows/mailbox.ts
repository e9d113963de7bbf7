import { setTimeout as sleep } from 'node:timers/promises';
import type { GatewayMessageType } from '../../schemas/enumerations.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { CheckFailure } from '../runtime/check.ts';
import { readMessages } from './gateway.ts';
import type { Party } from './party.ts';

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
  return value.flatMap((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? Object.values(item) : [item]));
}

/**
 * The first payload on `member`'s `type` queue, read now or earlier, that `wanted` accepts; fails under
 * `requirement` when none came within `timeoutMs`. `what` says what was awaited, for the message.
 * Requirements: `requirement`, GW-READ-CONSUMES, RES-LEDGER-SCHEMAS.
 */
export async function awaitPayload(member: Party, type: GatewayMessageType, wanted: (payload: object) => boolean, requirement: string, what: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<object> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const payloads = await readAndKeep(member, type);
    const found = payloads.find(wanted);
    if (found) return found;
    if (Date.now() >= deadline) {
      const seen = payloads.map((payload) => canonicalJson(payload).slice(0, 200)).join(', ');
      throw new CheckFailure(requirement, `${member.identification} received no ${type} gateway message ${what} within ${timeoutMs} ms; its ${type} messages: ${seen === '' ? 'none' : seen}`);
    }
    await sleep(POLL_INTERVAL_MS);
  }
}

/** Whether any payload read so far (now included) is accepted by `wanted`: for what must not arrive. */
export async function hasPayload(member: Party, type: GatewayMessageType, wanted: (payload: object) => boolean): Promise<boolean> {
  return (await readAndKeep(member, type)).some(wanted);
}

/** Reads the queue once and answers every payload kept for it, the new ones last. */
async function readAndKeep(member: Party, type: GatewayMessageType): Promise<object[]> {
  const key = `${member.identification} ${type}`;
  const payloads = kept.get(key) ?? [];
  kept.set(key, payloads);
  for (const message of await readMessages(member, type)) payloads.push(...message.response_data);
  return payloads;
}
