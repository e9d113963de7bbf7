/**
 * A deep copy of an object graph that keeps its shape: every object reached is copied once (objects
 * shared in the original are shared in the copy, cycles included), class instances keep their
 * prototype, Maps, Sets, Dates and byte arrays are copied as such. What cannot or need not be copied is
 * shared: functions (a closure is the code's, not the state's: a copy is rewired by its owner,
 * snapshots/snapshots.ts), the host objects that are immutable once made (keys, regular expressions),
 * and frozen objects and arrays with all they reach: the stores freeze what they keep for good (ledger
 * records, notifications, gateway messages, quotation answers, verified claims) and never change
 * anything a frozen record holds, so most of a busy network is shared, not copied (bench/snapshot-restore).
 * Faster than a serialisation round trip (no text, no revival) and the only way to keep prototypes.
 */
import { types } from 'node:util';

export function copyGraph<T>(root: T, copies: Map<object, unknown> = new Map()): T {
  return copyValue(root, copies) as T;
}

function copyValue(value: unknown, copies: Map<object, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    if (Object.isFrozen(value)) return value;
    const copy: unknown[] = new Array(value.length);
    copies.set(value, copy);
    for (let index = 0; index < value.length; index += 1) copy[index] = copyValue(value[index], copies);
    return copy;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype === Map.prototype) {
    const copy = new Map();
    copies.set(value, copy);
    for (const [key, entry] of value as Map<unknown, unknown>)
      copy.set(copyValue(key, copies), copyValue(entry, copies));
    return copy;
  }
  if (prototype === Set.prototype) {
    const copy = new Set();
    copies.set(value, copy);
    for (const entry of value as Set<unknown>) copy.add(copyValue(entry, copies));
    return copy;
  }
  // Maps and Sets change through their methods, frozen or not: only arrays, plain and class objects are shared when frozen.
  if (Object.isFrozen(value)) return value;
  if (prototype !== Object.prototype) {
    if (value instanceof Map || value instanceof Set)
      throw new TypeError(
        `a subclass of ${value instanceof Map ? 'Map' : 'Set'} (${prototype?.constructor.name}) cannot be copied`,
      );
    if (value instanceof Date) return remember(copies, value, new Date(value.getTime()));
    if (Buffer.isBuffer(value)) return remember(copies, value, Buffer.from(value));
    if (ArrayBuffer.isView(value)) return remember(copies, value, (value as Uint8Array).slice());
    if (shared(value)) return value;
  }
  const copy = Object.create(prototype) as Record<string, unknown>;
  copies.set(value, copy);
  const source = value as Record<string, unknown>;
  for (const key in source) if (Object.hasOwn(source, key)) copy[key] = copyValue(source[key], copies);
  return copy;
}

function remember<T>(copies: Map<object, unknown>, original: object, copy: T): T {
  copies.set(original, copy);
  return copy;
}

/** Host objects with internal slots that a property copy would break, and that never change once made. */
function shared(value: object): boolean {
  return (
    types.isKeyObject(value) ||
    types.isCryptoKey(value) ||
    types.isRegExp(value) ||
    types.isPromise(value) ||
    types.isWeakMap(value) ||
    types.isWeakSet(value)
  );
}
