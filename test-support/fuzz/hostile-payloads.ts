import fc from 'fast-check';
import { patterns } from '../../schemas/spec-types.ts';
import { RawJson } from './wire.ts';

/**
 * The hostile material of the fuzz test, built once: JSON nested past every parser's comfort, XML that
 * attacks its parser (entity expansion, external entities, depth), bytes that are not UTF-8, strings
 * long enough to hurt, and identifiers that name nothing in any network.
 */

/** `n` arrays inside one another: `[[[...]]]`. */
function nestedArrays(depth: number): RawJson {
  return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

/** Just past the service's limit (json-nesting.ts), far past it, and past any recursive reader's stack. */
export const deepJson = fc.constantFrom(
  nestedArrays(65),
  nestedArrays(1_000),
  nestedArrays(100_000),
  new RawJson(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`),
);

const lol = (level: number) => `&lol${level - 1};`.repeat(10);
const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE Message [
  <!ENTITY lol0 "lol">
  ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${lol(i + 1)}">`).join('\n  ')}
]>
<Message xmlns="urn:dss:message:1">&lol9;</Message>`;

const envelope = (inner: string) => `<Message xmlns="urn:dss:message:1">${inner}</Message>`;

/**
 * XML documents that no service may expand, fetch, or even fully parse, each a reason to refuse a
 * financial message before it is read: base64 of these goes into `financial_message_data` and into
 * the payload of `POST /sign/message`.
 */
export const hostileXml: Readonly<Record<string, Buffer>> = {
  'billion laughs': Buffer.from(billionLaughs),
  'quadratic blow-up': Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE Message [<!ENTITY a "${'a'.repeat(50_000)}">]>${envelope('&a;'.repeat(5_000))}`,
  ),
  'external entity (file)': Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE Message [<!ENTITY x SYSTEM "file:///etc/passwd">]>${envelope('&x;')}`,
  ),
  'external entity (network)': Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE Message [<!ENTITY x SYSTEM "http://127.0.0.1:9/x">]>${envelope('&x;')}`,
  ),
  'parameter entity': Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE Message [<!ENTITY % p SYSTEM "http://127.0.0.1:9/p.dtd"> %p;]>${envelope('')}`,
  ),
  'external DTD': Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE Message SYSTEM "http://127.0.0.1:9/message.dtd">${envelope('')}`,
  ),
  xinclude: Buffer.from(
    envelope('<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>'),
  ),
  'deep elements': Buffer.from(`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`),
  'deep elements in the envelope': Buffer.from(envelope(`${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`)),
  'over 256 KiB': Buffer.from(envelope(`<AppHdr>${'x'.repeat(300_000)}</AppHdr>`)),
  'invalid UTF-8': Buffer.concat([
    Buffer.from('<Message xmlns="urn:dss:message:1"><AppHdr>'),
    Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
    Buffer.from('</AppHdr></Message>'),
  ]),
  'UTF-16 declared': Buffer.from(`<?xml version="1.0" encoding="UTF-16"?>${envelope('')}`),
  'not well-formed': Buffer.from('<Message xmlns="urn:dss:message:1"><AppHdr></Message>'),
  'another root': Buffer.from('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08"/>'),
  'SWIFT MT': Buffer.from('{1:F01BANKBEBBAXXX0000000000}{2:I103BANKDEFFXXXXN}{4:\r\n:20:REF\r\n-}'),
  'not XML': Buffer.from('this is not a message'),
  empty: Buffer.alloc(0),
};

export const hostileXmlNames = Object.keys(hostileXml);

/** Bodies that are not JSON, or not UTF-8: each must be refused before any handler sees it. */
export const malformedJsonBodies: readonly Buffer[] = [
  Buffer.from('{'),
  Buffer.from('{"a":1,}'),
  Buffer.from("{'a': 1}"),
  Buffer.from('{"a": NaN}'),
  Buffer.from('{"a": 01}'),
  Buffer.from('[1, 2'),
  Buffer.from('undefined'),
  Buffer.from('{"a":"\\x41"}'),
  Buffer.from('{"a":"\u0001"}'),
  Buffer.from('<?xml version="1.0"?><a/>'),
  Buffer.from('a=1&b=2'),
  Buffer.from(`{"a":"${'x'.repeat(10_000)}`),
];

export const invalidUtf8Bodies: readonly Buffer[] = [
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // {"a":"\xff\xfe"}
  Buffer.from([0x22, 0xc3, 0x28, 0x22]), // an overlong / broken two-byte sequence in a string
  Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]), // an encoded surrogate
  Buffer.from([0x22, 0xf4, 0x90, 0x80, 0x80, 0x22]), // above U+10FFFF
  Buffer.from([0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d]), // UTF-16
];

/**
 * Free text that names no member, account, token or quotation of any network: it starts with `zz`,
 * which no identifier of the demo network does (the test checks), and ranges over odd code points,
 * path tricks, injection classics, and lengths up to 10^5.
 */
export const namesNothing: fc.Arbitrary<string> = fc.oneof(
  { weight: 24, arbitrary: fc.string({ maxLength: 24 }).map((text) => `zz-${text}`) },
  // Any code point, lone surrogates included (fc.string's `binary` unit does the same, but costs seconds to build).
  {
    weight: 8,
    arbitrary: fc
      .array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 16 })
      .map((codes) => `zz${String.fromCodePoint(...codes)}`),
  },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'zz/../../sim/reset',
      'zz\\..\\..\\sim',
      'zz%00',
      'zz\u0000',
      'zz\u202emain',
      'zz<script>alert(1)</script>',
      "zz' OR '1'='1",
      'zz${jndi:ldap://127.0.0.1/x}',
      'zz\r\nSet-Cookie: x=y',
      'zz__proto__',
      'zz🦄🦄🦄',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('z'.repeat(10_000), 'z'.repeat(100_000)) },
);

const base64 = new RegExp(patterns.base64);

/** Strings that are not standard padded base64 (the spec's `byte`). */
export const notBase64 = fc
  .oneof(
    fc.constantFrom(
      '!!!!',
      'abc',
      'YW=Jj',
      'a b c d',
      '-_-_',
      '====',
      'YQ',
      'YQ===',
      'Y\nQ==',
      '%59%51%3D%3D',
      'ü'.repeat(8),
      `${'QUFB'.repeat(50_000)}Q!==`,
    ),
    fc.string({ minLength: 1, maxLength: 40 }),
  )
  .filter((text) => !base64.test(text));
