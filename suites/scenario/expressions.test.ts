import { test, expect } from '@playwright/test';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import {
  EvaluationError,
  ExpressionError,
  evaluateTemplate,
  parseTemplate,
  referencesIn,
  resolveValue,
  type Scope,
} from './expressions.ts';

const scope: Scope = {
  actors: { mmA: { identification: 'maker-a', accounts: ['main', 'second'], assets: [] } },
  vars: { amount: 250.75, funding: { b: 2, a: { d: 4, c: 3 } }, text: 'héllo' },
  captures: { before: '100.0000000' },
  now: () => Promise.resolve(1_750_000_000_000),
};

const run = (text: string) => evaluateTemplate(parseTemplate(text), scope);

function expressionError(text: string): string {
  try {
    parseTemplate(text);
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    throw error;
  }
  throw new Error(`"${text}" was read without an error`);
}

test('references, literals, and types: a whole-string expression keeps its type, a mixed one becomes text', async () => {
  expect(await run('${actors.mmA.identification}')).toBe('maker-a');
  expect(await run('${actors.mmA.accounts[1]}')).toBe('second');
  expect(await run("${actors['mmA'].accounts[0]}")).toBe('main');
  expect(await run('${vars.amount}')).toBe(250.75);
  expect(await run('${vars.funding}')).toEqual({ b: 2, a: { d: 4, c: 3 } });
  expect(await run('${ "a \\"quoted\\" text" }')).toBe('a "quoted" text');
  expect(await run("${'single'}")).toBe('single');
  expect(await run('${12.5}')).toBe(12.5);
  expect(await run('${true}')).toBe(true);
  expect(await run('${null}')).toBe(null);
  expect(await run('${-3}')).toBe(-3);
  expect(await run('account ${actors.mmA.accounts[0]} holds ${vars.amount}')).toBe('account main holds 250.75');
  // An object inside text is written as canonical JSON.
  expect(await run('data=${vars.funding}')).toBe('data={"a":{"c":3,"d":4},"b":2}');
  expect(await run('no expressions here, { } $ alone')).toBe('no expressions here, { } $ alone');
  expect(await run('$${vars.amount} is written as is')).toBe('${vars.amount} is written as is');
  expect(await run('')).toBe('');
});

test('resolveValue evaluates every string of a JSON value and leaves the rest', async () => {
  expect(await resolveValue({ a: ['${vars.amount}', 1, true, null], b: { c: 'x ${captures.before}' } }, scope)).toEqual(
    { a: [250.75, 1, true, null], b: { c: 'x 100.0000000' } },
  );
});

test('functions: uuid, now (the scope’s time), base64, base64json (canonical), json, add (exact)', async () => {
  const [first, second] = [await run('${uuid()}'), await run('${uuid()}')];
  expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(first).not.toBe(second);
  expect(await run('${now()}')).toBe(1_750_000_000_000);
  expect(await run('${base64(vars.text)}')).toBe(Buffer.from('héllo', 'utf8').toString('base64'));
  expect(Buffer.from(String(await run('${base64json(vars.funding)}')), 'base64').toString('utf8')).toBe(
    '{"a":{"c":3,"d":4},"b":2}',
  );
  expect(await run('${json(vars.funding)}')).toBe(canonicalJson(scope.vars.funding));
  // Two numbers: a number, without float noise; any text: the ledger's decimal text.
  expect(await run('${add(0.1, 0.2)}')).toBe(0.3);
  expect(await run('${add(now(), 60000)}')).toBe(1_750_000_060_000);
  expect(await run('${add(captures.before, vars.amount)}')).toBe('350.7500000');
  expect(await run('${ add( captures.before , "0.0000001" ) }')).toBe('100.0000001');
});

test('ceiling is the smallest whole number at or above an exact sum: a credit ceiling with room above a balance', async () => {
  expect(await run('${ceiling(captures.before, 1000)}')).toBe(1100);
  expect(await run('${ceiling("1000177.1357310", 1000)}')).toBe(1001178);
  expect(await run('${ceiling(0, 0.0000001)}')).toBe(1);
  expect(await run('${ceiling(0, 0)}')).toBe(0);
  await expect(run('${ceiling(vars.text, 1)}')).rejects.toThrow(
    new EvaluationError('ceiling() takes two non-negative decimals, got "héllo" and 1'),
  );
});

test('subtract is exact and never goes below zero; with sets one field of a copy', async () => {
  expect(await run('${subtract(0.3, 0.1)}')).toBe(0.2);
  expect(await run('${subtract(vars.amount, captures.before)}')).toBe('150.7500000');
  expect(await run('${subtract(captures.before, "0.0000001")}')).toBe('99.9999999');
  expect(await run('${subtract(now(), 60000)}')).toBe(1_749_999_940_000);
  await expect(run('${subtract(1, 2)}')).rejects.toThrow(
    new EvaluationError('subtract() would go below zero: 1 minus 2'),
  );

  expect(await run("${with(vars.funding, 'b', captures.before)}")).toEqual({ a: { d: 4, c: 3 }, b: '100.0000000' });
  expect(await run("${with(vars.funding, 'e', vars.amount)}")).toEqual({ b: 2, a: { d: 4, c: 3 }, e: 250.75 });
  // A copy: the var itself keeps its value for later steps.
  expect(scope.vars.funding).toEqual({ b: 2, a: { d: 4, c: 3 } });
  expect(Buffer.from(String(await run("${base64json(with(vars.funding, 'b', 1))}")), 'base64').toString('utf8')).toBe(
    '{"a":{"c":3,"d":4},"b":1}',
  );
  // A field named __proto__ is an own field like any other, never the prototype.
  const odd = (await run("${with(vars.funding, '__proto__', 1)}")) as Record<string, unknown>;
  expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
  expect(Object.hasOwn(odd, '__proto__')).toBe(true);
  await expect(run("${with(vars.amount, 'b', 1)}")).rejects.toThrow('with() takes an object first, got 250.75');
  await expect(run('${with(vars.funding, 1, 1)}')).rejects.toThrow('with() takes a text, got 1');
});

test('a wrong argument or a missing reference is an evaluation error naming what is missing', async () => {
  await expect(run('${actors.mmA.accounts[5]}')).rejects.toThrow(
    new EvaluationError('actors.mmA.accounts[5]: actors.mmA.accounts[5] is not there'),
  );
  await expect(run('${captures.nothing}')).rejects.toThrow('captures.nothing is not there');
  // Only own fields: no way to the prototype.
  await expect(run('${vars.funding.constructor}')).rejects.toThrow('vars.funding.constructor is not there');
  await expect(run('${vars.funding.__proto__}')).rejects.toThrow('is not there');
  await expect(run('${base64(vars.amount)}')).rejects.toThrow('base64() takes a text, got 250.75');
  await expect(run("${add('1.1234567890123', 1)}")).rejects.toThrow(
    'add() takes two non-negative decimals, got "1.1234567890123" and 1',
  );
});

test('templates that cannot be read say why and where; nothing outside the language is run', () => {
  expect(expressionError('${uid()}')).toBe(
    'unknown function uid() (functions: uuid(), identifier(), now(), datetime(), date(), base64(), base64json(), json(), add(), subtract(), ceiling(), with(), find()) at column 3 of "${uid()}"',
  );
  expect(expressionError('x ${add(1)}')).toBe('add() takes 2 arguments, got 1 at column 5 of "x ${add(1)}"');
  expect(expressionError('${uuid(1)}')).toContain('uuid() takes 0 arguments, got 1');
  expect(expressionError('${process.exit()}')).toContain(
    'unknown name process (a reference starts with actors., vars., captures.; functions are called with ()) at column 3',
  );
  expect(expressionError('${globalThis.process}')).toContain(
    'unknown name globalThis (a reference starts with actors., vars., captures.',
  );
  expect(expressionError('${vars}')).toContain('vars needs a name after it');
  expect(expressionError('${vars.amount')).toContain('missing }');
  expect(expressionError('${vars.amount + 1}')).toContain('expected } instead of "+"');
  expect(expressionError("${'open}")).toContain('unterminated string at column 3');
  expect(expressionError('${}')).toContain('expected an expression at column 3');
  expect(expressionError('${vars.[0]}')).toContain('expected a name after .');
  expect(expressionError('${add(1 2)}')).toContain('expected , or ) in the arguments of add()');
});

test('identifier, datetime and date: ISO 20022 identifications and times from the target’s clock', async () => {
  const [first, second] = [await run('${identifier()}'), await run('${identifier()}')];
  expect(first).toMatch(/^[0-9a-f]{32}$/);
  expect(first).not.toBe(second);
  expect(await run('${datetime(now())}')).toBe('2025-06-15T15:06:40.000Z');
  expect(await run('${date(add(now(), 86400000))}')).toBe('2025-06-16');
  await expect(run("${datetime('today')}")).rejects.toThrow(
    new EvaluationError('datetime() takes a time in milliseconds, got "today"'),
  );
  await expect(run('${date(99999999999999999)}')).rejects.toThrow(
    'date() takes a time in milliseconds, got 100000000000000000',
  );
});

test('find picks one element of a list by a field, and a call’s value is read further like a reference', async () => {
  const notices = {
    notices: [{ id: 'a', reference: 7, nested: [{ x: 1 }] }, { id: 'b', reference: 9 }, 'not an object'],
  };
  const withNotices = { ...scope, captures: { ...scope.captures, ...notices, wanted: 'b' } };
  const evaluate = (text: string) => evaluateTemplate(parseTemplate(text), withNotices);
  expect(await evaluate("${find(captures.notices, 'id', captures.wanted).reference}")).toBe(9);
  expect(await evaluate("${find(captures.notices, 'id', 'a').nested[0]['x']}")).toBe(1);
  expect(await evaluate("${find(captures.notices, 'reference', 7)}")).toEqual(notices.notices[0]);
  expect(await evaluate("reference ${find(captures.notices, 'id', 'a').reference}")).toBe('reference 7');
  await expect(evaluate("${find(captures.notices, 'id', 'c')}")).rejects.toThrow(
    new EvaluationError('find(): none of the 3 elements has id "c"'),
  );
  await expect(evaluate("${find(captures.notices, 'id', 'a').missing}")).rejects.toThrow(
    new EvaluationError("find(captures.notices, 'id', 'a').missing: find().missing is not there"),
  );
  await expect(evaluate("${find(captures.wanted, 'id', 'a')}")).rejects.toThrow('find() takes a list first, got "b"');
  expect(
    referencesIn("${find(captures.notices, 'id', vars.amount).reference}").map((reference) => reference.text),
  ).toEqual(['captures.notices', 'vars.amount']);
});

test('referencesIn finds the references of every string, also inside function calls', () => {
  const found = referencesIn({
    a: ['${base64json(vars.funding)}', 'plain'],
    b: '${add(captures.before, 1)} and ${actors.mmA.identification}',
  });
  expect(found.map((reference) => reference.text)).toEqual([
    'vars.funding',
    'captures.before',
    'actors.mmA.identification',
  ]);
});
