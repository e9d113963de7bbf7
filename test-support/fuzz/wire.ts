/**
 * A generated request as the fuzz test sends it. Usually built from its parts (any method token, any
 * request target, repeated headers, a body on any method); for malformed HTTP the exact bytes are given.
 */
export interface FuzzRequest {
  method: string;
  /** Path and query exactly as they go on the request line. */
  target: string;
  /** Besides Host and Connection; names may repeat. */
  headers: Array<[name: string, value: string]>;
  body?: Buffer;
  /** When set, these bytes are sent instead of the request built from the fields. */
  wire?: Buffer;
}

/** The request's bytes: `Connection: close` so one connection carries one exchange. */
export function toWire(request: FuzzRequest): Buffer {
  if (request.wire) return request.wire;
  const lines = [`${request.method} ${request.target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  const framed = request.headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name));
  if (request.body && !framed) lines.push(`Content-Length: ${request.body.length}`);
  // UTF-8 for the head: bytes above 0x7f are obs-text in header values, which servers must tolerate.
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), request.body ?? Buffer.alloc(0)]);
}

/**
 * Percent-encodes everything but the unreserved characters, so that any string (lone surrogates
 * included, which encodeURIComponent refuses: they go as the bytes of U+FFFD) reaches the server as is.
 */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return [...Buffer.from(text, 'utf8')]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
      .join('');
  }
}

const rawTexts = new Map<string, string>();

/**
 * JSON text too deep for JSON.stringify, spliced into a body where it stands (see jsonText). It stands
 * in JSON.stringify's output as a marker string, replaced by the text afterwards.
 */
export class RawJson {
  private readonly id: string;

  constructor(readonly text: string) {
    this.id = String(rawTexts.size);
    rawTexts.set(this.id, text);
  }

  toJSON(): string {
    return `\u0000raw${this.id}\u0000`;
  }
}

/** JSON.stringify, except that RawJson values are written as their text (10^5 nested arrays, for one). */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  if (!text.includes('\\u0000raw')) return text;
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (marker, id: string) => rawTexts.get(id) ?? marker);
}
