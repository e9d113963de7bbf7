/**
 * The state as text and back, for the durable store (journal.ts): the object graph written as a table of
 * its objects, each once, so that sharing and cycles survive; class instances by their class's name,
 * found again in `classes` when read; bigints (the ledger's amounts), Maps, Sets, Dates, byte arrays,
 * frozen objects (frozen again) and signing keys (as JWK) kept as what they are. The wall clock
 * (`Date.now`, the clock's source) is the only function written. Functions in arrays and Sets are
 * listeners, which their owner wires again once read (state.ts wireState): they are left out. Any other
 * function held as data is refused, so that a new closure in a store cannot be lost unnoticed.
 */
import { createPrivateKey, createPublicKey, KeyObject } from 'node:crypto';
import { types } from 'node:util';

type Encoded = null | boolean | number | string | { r: number } | { u: 1 } | { n: string } | { f: string };
type Entry =
  | ['A', Encoded[], boolean]
  | ['M', Array<[Encoded, Encoded]>]
  | ['S', Encoded[]]
  | ['D', number]
  | ['B', string]
  | ['U', string]
  | ['K', 'private' | 'public', object]
  | ['F', 'Date.now']
  | ['O', string | null, Record<string, Encoded>, boolean];

export function serializeGraph(root: unknown): string {
  const ids = new Map<object, number>();
  const table: Entry[] = [];
  const encode = (value: unknown): Encoded => {
    if (value === undefined) return { u: 1 };
    if (typeof value === 'bigint') return { n: value.toString() };
    if (typeof value === 'number')
      return Number.isFinite(value) && !Object.is(value, -0) ? value : { f: String(value) };
    if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
    if (typeof value === 'symbol') throw new TypeError('a symbol cannot be written');
    const known = ids.get(value);
    if (known !== undefined) return { r: known };
    const id = table.length;
    ids.set(value, id);
    table.push(['D', 0]);
    table[id] = entryOf(value, encode);
    return { r: id };
  };
  const rootEncoded = encode(root);
  return JSON.stringify({ root: rootEncoded, table });
}

const notListener = (item: unknown) => typeof item !== 'function';

function entryOf(value: object, recurse: (value: unknown) => Encoded): Entry {
  if (typeof value === 'function') {
    if (value === Date.now) return ['F', 'Date.now'];
    throw new TypeError(`a function (${value.name || 'anonymous'}) is held as data and cannot be written`);
  }
  if (Array.isArray(value)) return ['A', value.filter(notListener).map(recurse), Object.isFrozen(value)];
  if (value instanceof Map)
    return ['M', [...value].map(([key, entry]): [Encoded, Encoded] => [recurse(key), recurse(entry)])];
  if (value instanceof Set) return ['S', [...value].filter(notListener).map(recurse)];
  if (value instanceof Date) return ['D', value.getTime()];
  if (Buffer.isBuffer(value)) return ['B', value.toString('base64')];
  if (value instanceof Uint8Array) return ['U', Buffer.from(value).toString('base64')];
  if (types.isCryptoKey(value) || types.isKeyObject(value)) {
    const key = types.isCryptoKey(value)
      ? KeyObject.from(value as Parameters<typeof KeyObject.from>[0])
      : (value as KeyObject);
    return ['K', key.type === 'private' ? 'private' : 'public', key.export({ format: 'jwk' })];
  }
  if (
    ArrayBuffer.isView(value) ||
    types.isRegExp(value) ||
    types.isPromise(value) ||
    types.isWeakMap(value) ||
    types.isWeakSet(value)
  ) {
    throw new TypeError(`a ${value.constructor.name} cannot be written`);
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  const className =
    prototype === Object.prototype ? null : prototype === null ? '' : (prototype.constructor as { name: string }).name;
  const fields: Record<string, Encoded> = {};
  for (const [key, entry] of Object.entries(value)) fields[key] = recurse(entry);
  return ['O', className, fields, Object.isFrozen(value)];
}

/** Reads what serializeGraph wrote; `classes` gives the prototype of each class name written. */
export function deserializeGraph(text: string, classes: ReadonlyMap<string, object>): unknown {
  const { root, table } = JSON.parse(text) as { root: Encoded; table: Entry[] };
  const made: unknown[] = new Array(table.length);
  const frozen: object[] = [];
  // Two passes: every object is made first, then filled, so that references ahead and cycles resolve.
  table.forEach((entry, id) => {
    made[id] = shell(entry);
  });
  const decode = (value: Encoded): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if ('r' in value) return made[value.r];
    if ('u' in value) return undefined;
    if ('n' in value) return BigInt(value.n);
    return Number(value.f);
  };
  table.forEach((entry, id) => {
    const target = made[id];
    if (entry[0] === 'A') {
      entry[1].forEach((item, index) => ((target as unknown[])[index] = decode(item)));
      if (entry[2]) frozen.push(target as object);
    } else if (entry[0] === 'M')
      for (const [key, item] of entry[1]) (target as Map<unknown, unknown>).set(decode(key), decode(item));
    else if (entry[0] === 'S') for (const item of entry[1]) (target as Set<unknown>).add(decode(item));
    else if (entry[0] === 'O') {
      for (const [key, item] of Object.entries(entry[2])) (target as Record<string, unknown>)[key] = decode(item);
      if (entry[3]) frozen.push(target as object);
    }
  });
  for (const object of frozen) Object.freeze(object);
  return decode(root);

  function shell(entry: Entry): unknown {
    switch (entry[0]) {
      case 'A':
        return new Array(entry[1].length);
      case 'M':
        return new Map();
      case 'S':
        return new Set();
      case 'D':
        return new Date(entry[1]);
      case 'B':
        return Buffer.from(entry[1], 'base64');
      case 'U':
        return new Uint8Array(Buffer.from(entry[1], 'base64'));
      case 'K':
        return entry[1] === 'private'
          ? createPrivateKey({ key: entry[2] as never, format: 'jwk' })
          : createPublicKey({ key: entry[2] as never, format: 'jwk' });
      case 'F':
        return Date.now;
      case 'O': {
        if (entry[1] === null) return {};
        if (entry[1] === '') return Object.create(null);
        const prototype = classes.get(entry[1]);
        if (!prototype)
          throw new TypeError(`the store holds an object of class ${entry[1]}, which this version does not have`);
        return Object.create(prototype);
      }
    }
  }
}

/** The prototypes of every class instance reachable from `root`, by class name: what deserializeGraph needs. */
export function classesOf(root: unknown): Map<string, object> {
  const classes = new Map<string, object>();
  const seen = new Set<object>();
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (value instanceof Map) for (const [key, entry] of value) (walk(key), walk(entry));
    else if (value instanceof Set || Array.isArray(value)) for (const entry of value) walk(entry);
    else if (!ArrayBuffer.isView(value) && !types.isKeyObject(value) && !types.isCryptoKey(value)) {
      const prototype = Object.getPrototypeOf(value) as object | null;
      if (prototype && prototype !== Object.prototype)
        classes.set((prototype.constructor as { name: string }).name, prototype);
      for (const entry of Object.values(value)) walk(entry);
    }
  };
  walk(root);
  return classes;
}
