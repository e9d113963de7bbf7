/**
 * Canonical JSON (semantics §4a): keys sorted at every level, no insignificant whitespace, strings and
 * numbers exactly as `JSON.stringify` renders them. Signed objects and ledger transactions are compared
 * and hashed in this form, so two parties that build the same data get the same bytes.
 *
 * Keys sort by UTF-16 code units (the default string order), as in RFC 8785. The object is written by
 * hand rather than rebuilt for `JSON.stringify`, because JS objects put integer-like keys ("2", "10")
 * first in numeric order whatever order they are inserted in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    // As JSON.stringify: an array slot that JSON cannot hold becomes null.
    return `[${value.map((item) => (isOmitted(item) ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (typeof value === 'object' && isPlainObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => !isOmitted(value[key]))
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  throw new TypeError(`canonical JSON holds JSON data only, not ${describe(value)}`);
}

/** As JSON.stringify: object members that JSON cannot hold are left out. */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** Dates, Maps, class instances would silently become `{}`: refuse them instead. */
function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) return value.constructor?.name ?? 'an object';
  return typeof value;
}
