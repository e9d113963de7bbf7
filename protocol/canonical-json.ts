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

/**
 * Whether `a` and `b` have the same canonical JSON, i.e. `canonicalJson(a) === canonicalJson(b)`, found by
 * walking both instead of writing two texts (the service compares a claimed object with the one it
 * keeps on every quotation answer and exchange). On JSON data (with undefined members or slots, as
 * canonicalJson takes them) the answer is that of comparing the texts; whatever else the walk reaches
 * is compared by its text there, so canonicalJson's refusal of what is not JSON data shows as before.
 */
export function sameCanonicalJson(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' || typeof a === 'boolean' || (typeof a === 'number' && Number.isFinite(a))) {
    if (typeof b === typeof a) return a === b;
  } else if (Array.isArray(a)) {
    if (!Array.isArray(b)) return canonicalJson(a) === canonicalJson(b);
    if (a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) {
      if (!sameCanonicalJson(asInArray(a[index]), asInArray(b[index]))) return false;
    }
    return true;
  } else if (
    typeof a === 'object' &&
    a !== null &&
    isPlainObject(a) &&
    typeof b === 'object' &&
    b !== null &&
    !Array.isArray(b) &&
    isPlainObject(b)
  ) {
    let members = 0;
    for (const key of Object.keys(a)) {
      const value = a[key];
      if (isOmitted(value)) continue;
      members += 1;
      if (!Object.hasOwn(b, key) || isOmitted(b[key]) || !sameCanonicalJson(value, b[key])) return false;
    }
    for (const key of Object.keys(b)) if (!isOmitted(b[key])) members -= 1;
    return members === 0;
  }
  return canonicalJson(a) === canonicalJson(b);
}

/** As canonicalJson writes an array slot: one JSON cannot hold is null. */
function asInArray(item: unknown): unknown {
  return isOmitted(item) ? null : item;
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
