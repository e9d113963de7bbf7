import { randomBytes, randomUUID } from 'node:crypto';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { ceilToWhole, formatUnits } from '../runtime/money.ts';
import { decimalOf } from './decimals.ts';
import { isRecord } from './json-path.ts';

/**
 * The `${...}` expressions of scenario files: a small language read by a hand-written parser and
 * evaluated by walking its tree, never by eval or Function, so a scenario file can do nothing but
 * what is listed here. An expression is a literal ('text', "text", 12.5, true, false, null), a
 * reference (`actors.mmA.accounts[0]`, `vars.amount`, `captures.signature`), or a call of one of the
 * functions below, whose value may be read further like a reference (`find(...).field[0]`). A string that is one whole expression keeps the value's type (an object, a
 * number); expressions inside a longer string are written into it as text. `$${` writes `${`.
 */

const referenceRoots = ['actors', 'vars', 'captures'] as const;
type ReferenceRoot = (typeof referenceRoots)[number];

export interface Reference {
  kind: 'reference';
  root: ReferenceRoot;
  path: Array<string | number>;
  /** As written, for messages. */
  text: string;
}

export type Expression =
  | { kind: 'literal'; value: string | number | boolean | null }
  | Reference
  | { kind: 'call'; name: FunctionName; args: Expression[]; path: Array<string | number>; text: string };

/** A string of a scenario file: text and expressions, in order. */
export interface Template {
  parts: Array<string | Expression>;
}

/** What expressions read. `now` is the target's time (see the runner). */
export interface Scope {
  actors: Record<string, unknown>;
  vars: Record<string, unknown>;
  captures: Record<string, unknown>;
  now(): Promise<number>;
}

/** A template that cannot be read; `column` counts from 1 in the template's text. */
export class ExpressionError extends Error {
  constructor(
    readonly template: string,
    readonly reason: string,
    readonly column: number,
  ) {
    super(`${reason} at column ${column} of "${template}"`);
    this.name = 'ExpressionError';
  }
}

/** A template that was read but cannot give a value now (a missing reference, a wrong argument). */
export class EvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvaluationError';
  }
}

interface FunctionDefinition {
  arity: number;
  description: string;
  run(args: unknown[], scope: Scope): unknown;
}

const functions = {
  uuid: { arity: 0, description: 'a new random UUID (version 4)', run: () => randomUUID() },
  identifier: {
    arity: 0,
    description: 'a new random identifier of 32 hex digits: unique ISO 20022 identifications (Max35Text)',
    run: () => randomBytes(16).toString('hex'),
  },
  now: { arity: 0, description: 'the target’s current time in milliseconds', run: (_args, scope) => scope.now() },
  datetime: {
    arity: 1,
    description: 'a time in milliseconds as an ISO 8601 UTC date-time (2024-03-15T10:15:30.000Z)',
    run: ([ms]) => isoTime('datetime', ms),
  },
  date: {
    arity: 1,
    description: 'a time in milliseconds as its UTC day (2024-03-15)',
    run: ([ms]) => isoTime('date', ms).slice(0, 10),
  },
  base64: {
    arity: 1,
    description: 'base64 of a text’s UTF-8 bytes',
    run: ([text]) => Buffer.from(textArgument('base64', text), 'utf8').toString('base64'),
  },
  base64json: {
    arity: 1,
    description: 'base64 of a value’s canonical JSON (keys sorted)',
    run: ([value]) => Buffer.from(canonicalJson(value), 'utf8').toString('base64'),
  },
  json: { arity: 1, description: 'a value’s canonical JSON text', run: ([value]) => canonicalJson(value) },
  add: {
    arity: 2,
    description: 'the exact sum of two decimals (a number when both are numbers, else a decimal string)',
    run: ([a, b]) => arithmetic('add', a, b),
  },
  subtract: {
    arity: 2,
    description:
      'the exact difference of two decimals, never below zero (a number when both are numbers, else a decimal string)',
    run: ([a, b]) => arithmetic('subtract', a, b),
  },
  ceiling: {
    arity: 2,
    description:
      'the smallest whole number at or above the exact sum of two decimals: a maximum_credit_limit with room above what an account holds',
    run: ([held, room]) => ceiling(held, room),
  },
  with: {
    arity: 3,
    description: 'a copy of an object with one field set: signed objects built from captured values',
    run: ([object, field, value]) => withField(object, field, value),
  },
  find: {
    arity: 3,
    description: 'the first element of a list whose field equals a value: one notification among those read',
    run: ([list, field, value]) => findElement(list, field, value),
  },
} satisfies Record<string, FunctionDefinition>;

type FunctionName = keyof typeof functions;
const functionNames = Object.keys(functions) as FunctionName[];

function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(functions, name);
}

/** Exact, in the ledger's fixed point: a balance plus or minus an amount must not pick up float noise. */
function arithmetic(name: 'add' | 'subtract', a: unknown, b: unknown): number | string {
  const [x, y] = [decimalOf(a), decimalOf(b)];
  if (x === undefined || y === undefined)
    throw new EvaluationError(
      `${name}() takes two non-negative decimals, got ${describeValue(a)} and ${describeValue(b)}`,
    );
  if (name === 'subtract' && x < y)
    throw new EvaluationError(`subtract() would go below zero: ${describeValue(a)} minus ${describeValue(b)}`);
  const result = name === 'add' ? x + y : x - y;
  return typeof a === 'number' && typeof b === 'number' ? Number(formatUnits(result)) : formatUnits(result);
}

/** A credit line's ceiling (a whole number of units) with `room` above `held`: a staging's accounts keep what earlier runs left. */
function ceiling(held: unknown, room: unknown): number {
  const [x, y] = [decimalOf(held), decimalOf(room)];
  if (x === undefined || y === undefined)
    throw new EvaluationError(
      `ceiling() takes two non-negative decimals, got ${describeValue(held)} and ${describeValue(room)}`,
    );
  return ceilToWhole(x + y);
}

/** A new object: `object`'s own fields, with `field` set to `value` (added, or replacing the old value). */
function withField(object: unknown, field: unknown, value: unknown): Record<string, unknown> {
  if (!isRecord(object)) throw new EvaluationError(`with() takes an object first, got ${describeValue(object)}`);
  const name = textArgument('with', field);
  return Object.fromEntries([...Object.entries(object).filter(([key]) => key !== name), [name, value]]);
}

/** The first element of `list` that is an object whose `field` is `value`. */
function findElement(list: unknown, field: unknown, value: unknown): unknown {
  if (!Array.isArray(list)) throw new EvaluationError(`find() takes a list first, got ${describeValue(list)}`);
  const name = textArgument('find', field);
  const found = list.find((element) => isRecord(element) && Object.hasOwn(element, name) && element[name] === value);
  if (found === undefined)
    throw new EvaluationError(`find(): none of the ${list.length} elements has ${name} ${describeValue(value)}`);
  return found;
}

function isoTime(name: string, ms: unknown): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms))
    throw new EvaluationError(`${name}() takes a time in milliseconds, got ${describeValue(ms)}`);
  const time = new Date(ms);
  if (Number.isNaN(time.getTime()))
    throw new EvaluationError(`${name}() takes a time in milliseconds, got ${describeValue(ms)}`);
  return time.toISOString();
}

function textArgument(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new EvaluationError(`${name}() takes a text, got ${describeValue(value)}`);
  return value;
}

export function parseTemplate(text: string): Template {
  const parts: Array<string | Expression> = [];
  let literal = '';
  let position = 0;
  while (position < text.length) {
    if (text.startsWith('$${', position)) {
      literal += '${';
      position += 3;
    } else if (text.startsWith('${', position)) {
      if (literal !== '') parts.push(literal);
      literal = '';
      const parser = new Parser(text, position + 2);
      parts.push(parser.expression());
      position = parser.close();
    } else {
      literal += text[position];
      position += 1;
    }
  }
  if (literal !== '' || parts.length === 0) parts.push(literal);
  return { parts };
}

/** Every reference in every string of a JSON value (inside calls too); throws ExpressionError for a bad template. */
export function referencesIn(value: unknown): Array<Reference> {
  return stringsIn(value).flatMap(({ text }) => referencesOf(parseTemplate(text)));
}

export function referencesOf(template: Template): Array<Reference> {
  const found: Array<Reference> = [];
  const visit = (expression: Expression) => {
    if (expression.kind === 'reference') found.push(expression);
    if (expression.kind === 'call') expression.args.forEach(visit);
  };
  for (const part of template.parts) if (typeof part !== 'string') visit(part);
  return found;
}

export async function evaluateTemplate(template: Template, scope: Scope): Promise<unknown> {
  const [only, ...rest] = template.parts;
  if (only !== undefined && typeof only !== 'string' && rest.length === 0) return evaluate(only, scope);
  let text = '';
  for (const part of template.parts) text += typeof part === 'string' ? part : asText(await evaluate(part, scope));
  return text;
}

/** A JSON value of a scenario file with every string's expressions evaluated. */
export async function resolveValue(value: unknown, scope: Scope): Promise<unknown> {
  if (typeof value === 'string') return evaluateTemplate(parseTemplate(value), scope);
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolveValue(item, scope)));
  if (isRecord(value)) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await resolveValue(item, scope)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/** Every string inside a JSON value, with where it is (for checking a file before it runs). */
export function stringsIn(
  value: unknown,
  path: Array<string | number> = [],
): Array<{ path: Array<string | number>; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, [...path, index]));
  if (isRecord(value)) return Object.entries(value).flatMap(([key, item]) => stringsIn(item, [...path, key]));
  return [];
}

async function evaluate(expression: Expression, scope: Scope): Promise<unknown> {
  switch (expression.kind) {
    case 'literal':
      return expression.value;
    case 'reference':
      return lookUp(expression, scope);
    case 'call': {
      const args = [];
      for (const argument of expression.args) args.push(await evaluate(argument, scope));
      const definition: FunctionDefinition = functions[expression.name];
      const value = await definition.run(args, scope);
      return walk(value, `${expression.name}()`, expression.path, expression.text);
    }
  }
}

function lookUp(reference: Reference, scope: Scope): unknown {
  return walk(scope[reference.root], reference.root, reference.path, reference.text);
}

/** `value` read along `path`; `start` names the value in a message ("vars", "find()"). */
function walk(value: unknown, start: string, path: Array<string | number>, text: string): unknown {
  let walked = start;
  for (const key of path) {
    walked += typeof key === 'number' ? `[${key}]` : `.${key}`;
    const next = child(value, key);
    if (!next) throw new EvaluationError(`${text}: ${walked} is not there`);
    value = next.value;
  }
  return value;
}

/** Own fields and existing elements only: a reference never reaches `constructor` or `__proto__`. */
function child(value: unknown, key: string | number): { value: unknown } | undefined {
  if (typeof key === 'number') return Array.isArray(value) && key < value.length ? { value: value[key] } : undefined;
  return isRecord(value) && Object.hasOwn(value, key) ? { value: value[key] } : undefined;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return canonicalJson(value);
}

export function describeValue(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

const identifier = /[A-Za-z_][A-Za-z0-9_]*/y;
const number = /-?\d+(?:\.\d+)?/y;

/** Recursive descent over one `${...}`; positions are offsets into the whole template text. */
class Parser {
  constructor(
    private readonly text: string,
    private position: number,
  ) {}

  expression(): Expression {
    this.skipSpace();
    const char = this.text[this.position];
    if (char === "'" || char === '"') return { kind: 'literal', value: this.string(char) };
    const numeral = this.match(number);
    if (numeral !== undefined) return { kind: 'literal', value: Number(numeral) };
    const start = this.position;
    const name = this.match(identifier);
    if (name === undefined)
      throw this.error(char === undefined || char === '}' ? 'expected an expression' : `unexpected "${char}"`);
    this.skipSpace();
    if (this.text[this.position] === '(') return this.call(name, start);
    if (name === 'true' || name === 'false') return { kind: 'literal', value: name === 'true' };
    if (name === 'null') return { kind: 'literal', value: null };
    return this.reference(name, start);
  }

  /** After the expression: the closing brace; returns the position after it. */
  close(): number {
    this.skipSpace();
    if (this.text[this.position] !== '}')
      throw this.error(
        this.position >= this.text.length ? 'missing }' : `expected } instead of "${this.text[this.position]}"`,
      );
    return this.position + 1;
  }

  private call(name: string, start: number): Expression {
    if (!isFunctionName(name))
      throw this.error(
        `unknown function ${name}() (functions: ${functionNames.map((f) => `${f}()`).join(', ')})`,
        start,
      );
    this.position += 1; // (
    const args: Expression[] = [];
    this.skipSpace();
    if (this.text[this.position] === ')') this.position += 1;
    else {
      for (;;) {
        args.push(this.expression());
        this.skipSpace();
        const char = this.text[this.position];
        this.position += 1;
        if (char === ')') break;
        if (char !== ',') throw this.error(`expected , or ) in the arguments of ${name}()`, this.position - 1);
      }
    }
    const { arity } = functions[name];
    if (args.length !== arity)
      throw this.error(`${name}() takes ${arity} argument${arity === 1 ? '' : 's'}, got ${args.length}`, start);
    return { kind: 'call', name, args, path: this.accessors(), text: this.text.slice(start, this.position) };
  }

  private reference(root: string, start: number): Expression {
    if (!(referenceRoots as readonly string[]).includes(root)) {
      throw this.error(
        `unknown name ${root} (a reference starts with ${referenceRoots.join('., ')}.; functions are called with ())`,
        start,
      );
    }
    const path = this.accessors();
    if (path.length === 0) throw this.error(`${root} needs a name after it, as in ${root}.name`, start);
    return { kind: 'reference', root: root as ReferenceRoot, path, text: this.text.slice(start, this.position) };
  }

  /** `.name`, `[n]` and `['name']`, as many as are written. */
  private accessors(): Array<string | number> {
    const path: Array<string | number> = [];
    for (;;) {
      const char = this.text[this.position];
      if (char === '.') {
        this.position += 1;
        const key = this.match(identifier);
        if (key === undefined) throw this.error('expected a name after .');
        path.push(key);
      } else if (char === '[') {
        this.position += 1;
        this.skipSpace();
        const quote = this.text[this.position];
        const index = quote === "'" || quote === '"' ? this.string(quote) : this.match(/\d+/y);
        if (index === undefined) throw this.error('expected a number or a quoted name in [ ]');
        this.skipSpace();
        if (this.text[this.position] !== ']') throw this.error('expected ]');
        this.position += 1;
        path.push(quote === "'" || quote === '"' ? index : Number(index));
      } else return path;
    }
  }

  private string(quote: string): string {
    const start = this.position;
    let value = '';
    this.position += 1;
    for (;;) {
      const char = this.text[this.position];
      if (char === undefined) throw this.error('unterminated string', start);
      this.position += 1;
      if (char === quote) return value;
      if (char === '\\') {
        const escaped = this.text[this.position];
        if (escaped === undefined) throw this.error('unterminated string', start);
        value += escaped;
        this.position += 1;
      } else value += char;
    }
  }

  private match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.position;
    const found = pattern.exec(this.text);
    if (!found) return undefined;
    this.position += found[0].length;
    return found[0];
  }

  private skipSpace(): void {
    while (this.text[this.position] === ' ') this.position += 1;
  }

  private error(reason: string, at = this.position): ExpressionError {
    return new ExpressionError(this.text, reason, at + 1);
  }
}
