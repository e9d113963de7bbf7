/**
 * Copies for what is kept for long. V8 and Node share memory between a value and what it was cut
 * from: a substring of a message's XML keeps the whole XML alive, and a small Buffer is a slice of a
 * shared 8 KiB pool, which it keeps whole. A kept value is copied so that it holds only itself.
 */

/** A string that shares no memory with a longer one, equal to `text` code unit for code unit (lone surrogates too). */
export function ownString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** A Buffer in memory of its own, never a slice of the shared pool that small Buffers come from. */
export function ownBytes(bytes: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/**
 * A copy of plain JSON data (strings, numbers, booleans, arrays, objects; undefined properties are left
 * out) whose strings share no memory with anything: what a kept record read from a message holds.
 */
export function ownData<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
