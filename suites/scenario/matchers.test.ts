import { test, expect } from '@playwright/test';
import type { Scope } from './expressions.ts';
import { parseJsonPath, readJsonPath } from './json-path.ts';
import { compileMatcher, MatcherError, mismatch, resolveMatcher } from './matchers.ts';

const scope: Scope = {
  actors: {},
  vars: { amount: 250.75, account: 'main', info: { a: 1, b: 'x' } },
  captures: {},
  now: () => Promise.resolve(0),
};

async function check(raw: unknown, actual: unknown): Promise<string | undefined> {
  return mismatch(await resolveMatcher(compileMatcher(raw), scope), actual, '$');
}

const messages: Array<{ response_data: Array<Record<string, string>>; timestamp: string }> = [
  { response_data: [{ amount: '10.0000000', direction: 'debit' }], timestamp: '1' },
  {
    response_data: [{ amount: '250.7500000', direction: 'credit', account_identification: 'main' }, { amount: '1' }],
    timestamp: '2',
  },
];

const payloads = messages.flatMap((message) => message.response_data);

test('JSON paths read fields, elements and every element; a missing part is named', () => {
  const read = (path: string, data: unknown) => readJsonPath(parseJsonPath(path), data);
  expect(read('$', 5)).toEqual({ found: true, value: 5 });
  expect(read('$[1].response_data[0].direction', messages)).toEqual({ found: true, value: 'credit' });
  expect(read("$[0]['timestamp']", messages)).toEqual({ found: true, value: '1' });
  expect(read('$[*].response_data[*].amount', messages)).toEqual({
    found: true,
    value: ['10.0000000', '250.7500000', '1'],
  });
  expect(read('$[*].timestamp', [])).toEqual({ found: true, value: [] });
  expect(read('$[2].timestamp', messages)).toEqual({ found: false, missing: '$[2]' });
  expect(read('$[0].response_data[0].fee', messages)).toEqual({ found: false, missing: '$[0].response_data[0].fee' });
  expect(read('$.constructor', {})).toEqual({ found: false, missing: '$.constructor' });
  expect(() => parseJsonPath('balance')).toThrow('JSON path "balance" must start with $');
  expect(() => parseJsonPath('$.a..b')).toThrow(
    `JSON path "$.a..b": cannot read "..b" (use .name, ['name'], [n], [*] or [~])`,
  );
});

test('[~] is every element and every object directly inside one: a gateway payload in its response_data object or one level down', async () => {
  const read = (path: string, data: unknown) => readJsonPath(parseJsonPath(path), data);
  const flat = { transaction_identification: 'tx-1', direction: 'credit' };
  const nested = [
    { response_data: [{ transaction: { transaction_identification: 'tx-2', direction: 'debit' } }], timestamp: '3' },
  ];
  expect(
    read('$[*].response_data[~].transaction_identification', [{ response_data: [flat], timestamp: '1' }, ...nested]),
  ).toEqual({ found: true, value: ['tx-1', 'tx-2'] });
  expect(read('$[*].response_data[~]', nested)).toEqual({
    found: true,
    value: [nested[0]!.response_data[0], { transaction_identification: 'tx-2', direction: 'debit' }],
  });
  // Only one level down, and never into lists: a value two levels down is not a payload.
  expect(
    read('$[*].response_data[~].n', [
      { response_data: [{ a: { b: { n: 1 } }, list: [{ n: 2 }], c: 'x' }], timestamp: '1' },
    ]),
  ).toEqual({ found: true, value: [] });
  expect(
    await check(
      { contains: { transaction_identification: 'tx-2', direction: 'debit' } },
      (read('$[*].response_data[~]', nested) as { value: unknown }).value,
    ),
  ).toBeUndefined();
  expect(
    await check(
      { contains: { transaction_identification: 'tx-2', direction: 'debit' } },
      (read('$[*].response_data[*]', nested) as { value: unknown }).value,
    ),
  ).toMatch(/expected something containing/);
});

test('plain values are patterns: equal scalars, objects by their given fields, lists element by element', async () => {
  expect(await check('main', 'main')).toBeUndefined();
  expect(await check('main', 'second')).toBe('$: expected "main", got "second"');
  expect(await check(250.75, '250.75')).toBe('$: expected 250.75, got "250.75"');
  expect(await check({ a: 1 }, { a: 1, extra: true })).toBeUndefined();
  expect(await check({ a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'y' } })).toBe('$.b.c: expected "x", got "y"');
  expect(await check({ a: 1 }, { b: 1 })).toBe('$.a: expected 1, got nothing');
  expect(await check([1, 2], [1, 2])).toBeUndefined();
  expect(await check([1, 2], [1, 2, 3])).toBe('$: expected [1, 2], got [1,2,3]');
  // An expression's object is a pattern too (extra fields allowed), never read as a matcher.
  expect(await check('${vars.info}', { a: 1, b: 'x', c: 2 })).toBeUndefined();
  expect(await check('${vars.info}', { a: 1, b: 'z' })).toBe('$.b: expected "x", got "z"');
});

test('matchers: eq, decimal comparisons, matches, length, contains, nested in patterns', async () => {
  expect(await check({ eq: { a: 1 } }, { a: 1 })).toBeUndefined();
  expect(await check({ eq: { a: 1 } }, { a: 1, b: 2 })).toBe('$: expected exactly {"a":1}, got {"a":1,"b":2}');
  expect(await check({ decimal: '${vars.amount}' }, '250.7500000')).toBeUndefined();
  expect(await check({ decimal: '250.75' }, 250.75)).toBeUndefined();
  expect(await check({ decimal: '250.75' }, '250.7500001')).toBe('$: expected the decimal 250.75, got "250.7500001"');
  expect(await check({ decimal: 1 }, 'one')).toBe('$: expected the decimal 1, got "one"');
  expect(await check({ gte: 0 }, '0.0000000')).toBeUndefined();
  expect(await check({ gt: 0 }, '0.0000000')).toBe('$: expected > 0, got "0.0000000"');
  expect(await check({ lt: '10' }, 9.9999999)).toBeUndefined();
  expect(await check({ lte: '10' }, '10.0000001')).toBeDefined();
  expect(await check({ matches: '^[A-Z]{6}$' }, 'GBPDSO')).toBeUndefined();
  expect(await check({ matches: '^[A-Z]{6}$' }, 'GBPDS')).toBe('$: expected a text matching /^[A-Z]{6}$/, got "GBPDS"');
  expect(await check({ length: 2 }, [1, 2])).toBeUndefined();
  expect(await check({ length: { gte: 3 } }, 'ab')).toBe('$: expected a length of >= 3, got "ab"');
  expect(await check({ contains: 'DSO' }, 'GBPDSO')).toBeUndefined();
  expect(await check({ contains: 'maker-b' }, ['maker-a', 'maker-b'])).toBeUndefined();
  expect(
    await check(
      {
        contains: {
          direction: 'credit',
          amount: { decimal: '${vars.amount}' },
          account_identification: '${vars.account}',
        },
      },
      [{}, ...payloads],
    ),
  ).toBeUndefined();
  expect(await check({ contains: { direction: 'credit', amount: { decimal: 1 } } }, payloads)).toMatch(
    /^\$: expected something containing \{ direction: "credit", amount: the decimal 1 \}, got \[\{"amount":"10.0000000"/,
  );
  expect(await check({ outstanding: [{ balance: { gte: 0 } }] }, { outstanding: [{ balance: '5' }] })).toBeUndefined();
});

test('a matcher written wrongly is refused when it is compiled, with the path to it', () => {
  const problem = (raw: unknown) => {
    try {
      compileMatcher(raw);
    } catch (error) {
      if (error instanceof MatcherError) return { path: error.path, message: error.message };
      throw error;
    }
    return undefined;
  };
  expect(problem({ a: { matches: '(' } })).toEqual({
    path: ['a', 'matches'],
    message: expect.stringContaining('Invalid regular expression: /(/u'),
  });
  expect(problem({ matches: 5 })).toEqual({
    path: ['matches'],
    message: 'matches takes a regular expression as a text',
  });
  expect(problem([{ gte: 'lots' }])).toEqual({
    path: [0, 'gte'],
    message: 'gte takes a non-negative decimal (a number or a text such as "250.75"), got "lots"',
  });
  expect(problem({ length: 1.5 })).toEqual({ path: ['length'], message: 'length takes a whole number or a matcher' });
  // Templates are checked when evaluated, so they pass here.
  expect(problem({ decimal: '${vars.amount}' })).toBeUndefined();
});

/** base64 of a Message as a target sends it (financial_message_data). */
function message(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}

const report = message(`<?xml version="1.0" encoding="UTF-8"?>
<Message xmlns="urn:dss:message:1">
  <AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.02"><BizMsgIdr>DSSV-STS-1</BizMsgIdr></AppHdr>
  <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.002.001.10"><FIToFIPmtStsRpt>
    <TxInfAndSts><OrgnlInstrId>INSTR-1</OrgnlInstrId><TxSts>RJCT</TxSts></TxInfAndSts>
    <TxInfAndSts><OrgnlInstrId>INSTR-2</OrgnlInstrId><TxSts>ACSC</TxSts><OrgnlTxRef><IntrBkSttlmAmt Ccy="USD">12.50</IntrBkSttlmAmt></OrgnlTxRef></TxInfAndSts>
  </FIToFIPmtStsRpt></Document>
</Message>`);

test('not: holds where its matcher does not', async () => {
  expect(await check({ not: { contains: 'maker-c' } }, ['maker-a', 'maker-b'])).toBeUndefined();
  expect(await check({ not: { contains: 'maker-b' } }, ['maker-a', 'maker-b'])).toBe(
    '$: expected anything but something containing "maker-b", got ["maker-a","maker-b"]',
  );
  expect(await check({ not: { decimal: '${vars.amount}' } }, '250.7500000')).toBe(
    '$: expected anything but the decimal 250.75, got "250.7500000"',
  );
});

test('message: the first element at each path of a base64 Message, by local names in any namespace', async () => {
  expect(
    await check(
      { message: { 'AppHdr/BizMsgIdr': 'DSSV-STS-1', 'Document/FIToFIPmtStsRpt/TxInfAndSts/TxSts': 'RJCT' } },
      report,
    ),
  ).toBeUndefined();
  expect(
    await check(
      { message: { 'Document/FIToFIPmtStsRpt/TxInfAndSts/OrgnlTxRef/IntrBkSttlmAmt': { decimal: '12.5' } } },
      report,
    ),
  ).toBeUndefined();
  expect(await check({ message: { 'Document/FIToFIPmtStsRpt/TxInfAndSts/TxSts': 'ACSC' } }, report)).toBe(
    '$ <Document/FIToFIPmtStsRpt/TxInfAndSts/TxSts>: expected "ACSC", got "RJCT"',
  );
  expect(await check({ message: { 'Document/FIToFIPmtStsRpt/GrpHdr/MsgId': { matches: '.' } } }, report)).toBe(
    '$: expected a message with { Document/FIToFIPmtStsRpt/GrpHdr/MsgId: a text matching /./ }, but the message has no Document/FIToFIPmtStsRpt/GrpHdr/MsgId',
  );
  // Nested in a pattern, as gateway messages are matched.
  const delivered = [{ financial_message_type: 'iso20022:pacs.002.001.10', financial_message_data: report }];
  expect(
    await check(
      {
        contains: {
          financial_message_type: 'iso20022:pacs.002.001.10',
          financial_message_data: { message: { 'AppHdr/BizMsgIdr': 'DSSV-STS-1' } },
        },
      },
      delivered,
    ),
  ).toBeUndefined();
  for (const [data, reason] of [
    [42, 'not base64'],
    ['not base64!', 'not base64'],
    [message('<Message><unclosed></Message>'), 'not XML'],
    [message('<!DOCTYPE m [<!ENTITY x "y">]><Message>&x;</Message>'), 'an XML text with a DTD'],
  ] as const) {
    expect(await check({ message: { 'AppHdr/BizMsgIdr': 'DSSV-STS-1' } }, data)).toMatch(
      new RegExp(`^\\$: expected a message with \\{ AppHdr/BizMsgIdr: "DSSV-STS-1" \\}, got ${reason}`),
    );
  }
});

test('message matchers written wrongly are refused when compiled', () => {
  const problem = (raw: unknown) => {
    try {
      compileMatcher(raw);
    } catch (error) {
      if (error instanceof MatcherError) return { path: error.path, message: error.message };
      throw error;
    }
    return undefined;
  };
  expect(problem({ message: {} })).toEqual({
    path: ['message'],
    message: 'message takes element paths (Document/FIToFIPmtStsRpt/GrpHdr/MsgId) with what their text must match',
  });
  expect(problem({ message: { '$.Document': 'x' } })).toEqual({
    path: ['message', '$.Document'],
    message: '"$.Document" is not an element path: local names separated by / (AppHdr/BizMsgIdr)',
  });
  expect(problem({ message: { 'AppHdr/BizMsgIdr': { gte: 'lots' } } })).toEqual({
    path: ['message', 'AppHdr/BizMsgIdr', 'gte'],
    message: expect.stringContaining('gte takes a non-negative decimal'),
  });
});
