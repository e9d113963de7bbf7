/**
 * How deep the service lets JSON from clients nest (request bodies, and the signed payloads carried
 * base64 inside them). The spec's deepest resource (an exchangeInfo holding a quotationInfo holding its
 * request and assets) nests 8 levels, so 64 refuses no real request. Without a bound, an unknown field
 * holding 10^5 nested arrays would pass validation (unknown fields are ignored) and overflow the stack
 * of every recursive reader after it (canonical JSON, JSON.stringify of a stored echo): a 500 at once,
 * and again on every later read of the stored value.
 */
export const MAX_JSON_NESTING = 64;

/**
 * Whether JSON text opens more than MAX_JSON_NESTING arrays or objects inside one another. A linear
 * scan of the text, run before parsing, so nothing deep is ever built; brackets inside strings don't count.
 */
export function nestsTooDeep(text: string): boolean {
  // Nothing can nest deeper than the brackets and braces the text holds: counting them (a native search
  // per bracket) clears every real body without the scan below, which reads it character by character.
  if (countOf(text, '{', MAX_JSON_NESTING) + countOf(text, '[', MAX_JSON_NESTING) <= MAX_JSON_NESTING) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      if (++depth > MAX_JSON_NESTING) return true;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** How many times `char` occurs in `text`, counted up to `limit + 1`. */
function countOf(text: string, char: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1 && count <= limit; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
