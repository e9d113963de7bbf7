import { canonicalJson } from '../../protocol/canonical-json.ts';
import { decimalOf } from './decimals.ts';
import { describeValue, EvaluationError, resolveValue, type Scope } from './expressions.ts';
import { isRecord } from './json-path.ts';
import { elementPath, readMessageText } from './message-text.ts';

/**
 * What a scenario expects of a value in an answer. A plain value is a pattern: a text, number, boolean
 * or null must be equal; an object must have at least the given fields, each matching (a target may
 * answer more fields than the spec lists); a list must have exactly the given elements, in order.
 * An object with one key that is a matcher name is a matcher instead:
 *   { eq: v }           exactly v, no extra fields
 *   { decimal: d }      the same decimal as d ("250.7500000" is 250.75)
 *   { gt | gte | lt | lte: d }  compared as decimals
 *   { matches: re }     a text matching the regular expression
 *   { length: n }       a list or text of n elements (n may be a matcher: { length: { gte: 1 } })
 *   { contains: m }     a list with an element matching m, or a text containing the text m
 *   { not: m }          anything m does not match
 *   { message: { path: m, ... } }  base64 of an ISO 20022 Message whose first element at each path
 *                       (local names below the root: Document/FIToFIPmtStsRpt/TxInfAndSts/TxSts) has a
 *                       text matching m
 * No spec resource has a field with one of these names, so patterns and matchers never collide.
 */

const decimalComparisons = { decimal: 'the decimal', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
type DecimalComparison = keyof typeof decimalComparisons;

const matcherNames = [
  'eq',
  ...(Object.keys(decimalComparisons) as DecimalComparison[]),
  'matches',
  'length',
  'contains',
  'not',
  'message',
] as const;
type MatcherName = (typeof matcherNames)[number];

/** Before `resolveMatcher`, `expected` values may still hold `${...}` templates. */
export type Matcher =
  | { kind: 'value'; expected: unknown }
  | { kind: 'object'; fields: Record<string, Matcher> }
  | { kind: 'list'; items: Matcher[] }
  | { kind: 'eq'; expected: unknown }
  | { kind: 'decimal'; comparison: DecimalComparison; expected: unknown }
  | { kind: 'matches'; pattern: RegExp }
  | { kind: 'length'; inner: Matcher }
  | { kind: 'contains'; inner: Matcher }
  | { kind: 'not'; inner: Matcher }
  | { kind: 'message'; elements: Record<string, Matcher> };

/** A matcher written wrongly; `path` leads to it from the value that was compiled. */
export class MatcherError extends Error {
  constructor(
    readonly path: Array<string | number>,
    message: string,
  ) {
    super(message);
    this.name = 'MatcherError';
  }
}

export function compileMatcher(raw: unknown, path: Array<string | number> = []): Matcher {
  if (Array.isArray(raw))
    return { kind: 'list', items: raw.map((item, index) => compileMatcher(item, [...path, index])) };
  if (!isRecord(raw)) return { kind: 'value', expected: raw };
  const keys = Object.keys(raw);
  const [name] = keys;
  if (keys.length === 1 && name !== undefined && isMatcherName(name))
    return compileNamed(name, raw[name], [...path, name]);
  return {
    kind: 'object',
    fields: Object.fromEntries(keys.map((key) => [key, compileMatcher(raw[key], [...path, key])])),
  };
}

function isMatcherName(name: string): name is MatcherName {
  return (matcherNames as readonly string[]).includes(name);
}

function compileNamed(name: MatcherName, argument: unknown, path: Array<string | number>): Matcher {
  switch (name) {
    case 'eq':
      return { kind: 'eq', expected: argument };
    case 'matches': {
      if (typeof argument !== 'string') throw new MatcherError(path, 'matches takes a regular expression as a text');
      try {
        return { kind: 'matches', pattern: new RegExp(argument, 'u') };
      } catch (error) {
        throw new MatcherError(path, error instanceof Error ? error.message : String(error));
      }
    }
    case 'length':
      if (typeof argument === 'number' && !(Number.isInteger(argument) && argument >= 0))
        throw new MatcherError(path, 'length takes a whole number or a matcher');
      return { kind: 'length', inner: compileMatcher(argument, path) };
    case 'contains':
      return { kind: 'contains', inner: compileMatcher(argument, path) };
    case 'not':
      return { kind: 'not', inner: compileMatcher(argument, path) };
    case 'message': {
      if (!isRecord(argument) || Object.keys(argument).length === 0)
        throw new MatcherError(
          path,
          'message takes element paths (Document/FIToFIPmtStsRpt/GrpHdr/MsgId) with what their text must match',
        );
      const wrong = Object.keys(argument).find((element) => !elementPath.test(element));
      if (wrong !== undefined)
        throw new MatcherError(
          [...path, wrong],
          `"${wrong}" is not an element path: local names separated by / (AppHdr/BizMsgIdr)`,
        );
      return {
        kind: 'message',
        elements: Object.fromEntries(
          Object.entries(argument).map(([element, expected]) => [
            element,
            compileMatcher(expected, [...path, element]),
          ]),
        ),
      };
    }
    default: {
      // A template is checked when it is evaluated; a literal can be checked now.
      const literal = typeof argument === 'number' || (typeof argument === 'string' && !argument.includes('${'));
      if (
        !(typeof argument === 'string' || typeof argument === 'number') ||
        (literal && decimalOf(argument) === undefined)
      ) {
        throw new MatcherError(
          path,
          `${name} takes a non-negative decimal (a number or a text such as "250.75"), got ${describeValue(argument)}`,
        );
      }
      return { kind: 'decimal', comparison: name, expected: argument };
    }
  }
}

/** The matcher with the templates of its expected values evaluated. */
export async function resolveMatcher(matcher: Matcher, scope: Scope): Promise<Matcher> {
  switch (matcher.kind) {
    case 'value':
    case 'eq':
    case 'decimal':
      return { ...matcher, expected: await resolveValue(matcher.expected, scope) };
    case 'object':
      return { kind: 'object', fields: await resolveEntries(matcher.fields, scope) };
    case 'message':
      return { kind: 'message', elements: await resolveEntries(matcher.elements, scope) };
    case 'list':
      return { kind: 'list', items: await Promise.all(matcher.items.map((item) => resolveMatcher(item, scope))) };
    case 'length':
    case 'contains':
    case 'not':
      return { ...matcher, inner: await resolveMatcher(matcher.inner, scope) };
    case 'matches':
      return matcher;
  }
}

async function resolveEntries(matchers: Record<string, Matcher>, scope: Scope): Promise<Record<string, Matcher>> {
  const entries = await Promise.all(
    Object.entries(matchers).map(async ([key, matcher]) => [key, await resolveMatcher(matcher, scope)] as const),
  );
  return Object.fromEntries(entries);
}

/** Why `actual` (found at `at`) does not match a resolved matcher; undefined when it does. */
export function mismatch(matcher: Matcher, actual: unknown, at: string): string | undefined {
  const failed = () => `${at}: expected ${describeMatcher(matcher)}, got ${describeValue(actual)}`;
  switch (matcher.kind) {
    case 'value':
      return literalMismatch(matcher.expected, actual, at);
    case 'object':
      if (!isRecord(actual)) return failed();
      for (const [key, field] of Object.entries(matcher.fields)) {
        const reason = mismatch(field, Object.hasOwn(actual, key) ? actual[key] : undefined, `${at}.${key}`);
        if (reason) return reason;
      }
      return undefined;
    case 'list':
      if (!Array.isArray(actual) || actual.length !== matcher.items.length) return failed();
      return matcher.items
        .map((item, index) => mismatch(item, actual[index], `${at}[${index}]`))
        .find((reason) => reason !== undefined);
    case 'eq':
      return actual !== undefined && canonicalJson(actual) === canonicalJson(matcher.expected) ? undefined : failed();
    case 'decimal':
      return decimalHolds(matcher.comparison, actual, matcher.expected) ? undefined : failed();
    case 'matches':
      return typeof actual === 'string' && matcher.pattern.test(actual) ? undefined : failed();
    case 'length':
      if (!Array.isArray(actual) && typeof actual !== 'string') return failed();
      return mismatch(matcher.inner, actual.length, `${at}.length`) === undefined ? undefined : failed();
    case 'contains':
      if (typeof actual === 'string') {
        const inner = matcher.inner;
        return inner.kind === 'value' && typeof inner.expected === 'string' && actual.includes(inner.expected)
          ? undefined
          : failed();
      }
      if (!Array.isArray(actual)) return failed();
      return actual.some((element) => mismatch(matcher.inner, element, at) === undefined) ? undefined : failed();
    case 'not':
      return mismatch(matcher.inner, actual, at) === undefined ? failed() : undefined;
    case 'message': {
      const message = readMessageText(actual);
      if (!message.ok)
        return `${at}: expected ${describeMatcher(matcher)}, got ${message.reason}: ${describeValue(actual)}`;
      for (const [element, expected] of Object.entries(matcher.elements)) {
        const text = message.textAt(element);
        if (text === undefined) return `${at}: expected ${describeMatcher(matcher)}, but the message has no ${element}`;
        const reason = mismatch(expected, text, `${at} <${element}>`);
        if (reason) return reason;
      }
      return undefined;
    }
  }
}

/** Plain values (also those an expression produced): objects match by their given fields only. */
function literalMismatch(expected: unknown, actual: unknown, at: string): string | undefined {
  if (isRecord(expected)) {
    if (!isRecord(actual)) return `${at}: expected ${describeValue(expected)}, got ${describeValue(actual)}`;
    for (const [key, value] of Object.entries(expected)) {
      const reason = literalMismatch(value, Object.hasOwn(actual, key) ? actual[key] : undefined, `${at}.${key}`);
      if (reason) return reason;
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return `${at}: expected ${describeValue(expected)}, got ${describeValue(actual)}`;
    return expected
      .map((item, index) => literalMismatch(item, actual[index], `${at}[${index}]`))
      .find((reason) => reason !== undefined);
  }
  return expected === actual ? undefined : `${at}: expected ${describeValue(expected)}, got ${describeValue(actual)}`;
}

function decimalHolds(comparison: DecimalComparison, actual: unknown, expected: unknown): boolean {
  const bound = decimalOf(expected);
  if (bound === undefined)
    throw new EvaluationError(
      `${comparison} needs a non-negative decimal, but its expression gave ${describeValue(expected)}`,
    );
  const value = decimalOf(actual);
  if (value === undefined) return false;
  const order = value < bound ? -1 : value > bound ? 1 : 0;
  switch (comparison) {
    case 'decimal':
      return order === 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
  }
}

export function describeMatcher(matcher: Matcher): string {
  switch (matcher.kind) {
    case 'value':
      return describeValue(matcher.expected);
    case 'object':
      return `{ ${Object.entries(matcher.fields)
        .map(([key, field]) => `${key}: ${describeMatcher(field)}`)
        .join(', ')} }`;
    case 'list':
      return `[${matcher.items.map(describeMatcher).join(', ')}]`;
    case 'eq':
      return `exactly ${describeValue(matcher.expected)}`;
    case 'decimal':
      return `${decimalComparisons[matcher.comparison]} ${String(matcher.expected)}`;
    case 'matches':
      return `a text matching /${matcher.pattern.source}/`;
    case 'length':
      return `a length of ${describeMatcher(matcher.inner)}`;
    case 'contains':
      return `something containing ${describeMatcher(matcher.inner)}`;
    case 'not':
      return `anything but ${describeMatcher(matcher.inner)}`;
    case 'message':
      return `a message with { ${Object.entries(matcher.elements)
        .map(([element, expected]) => `${element}: ${describeMatcher(expected)}`)
        .join(', ')} }`;
  }
}
