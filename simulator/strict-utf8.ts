/**
 * Decodes bytes a client sent as UTF-8, throwing on any invalid sequence (a refusal for the caller to
 * word), never replacing it. One decoder for every call: without `stream` each decode starts afresh.
 */
const decoder = new TextDecoder('utf-8', { fatal: true });

export function decodeStrictUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
