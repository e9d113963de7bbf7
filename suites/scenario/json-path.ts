/**
 * The JSON paths of scenario expectations and captures: a small subset of JSONPath that says where a
 * value sits in an answer. `$` is the whole body; `.name` and `['name']` a field; `[2]` an element;
 * `[*]` every element (or field value), after which the path yields the list of what it found, so
 * `$[*].response_data[*]` is every response_data object of every gateway message read; `[~]` is `[*]`
 * and, after each element that is an object, every object directly inside it: `$[*].response_data[~]`
 * is every payload wherever it sits, in the object or one level down (the spec does not show the
 * objects' shape, line 531; suites/flows/payload-places.ts).
 */
import { payloadPlaces } from '../flows/payload-places.ts';

export type PathSegment =
  { kind: 'field'; name: string } | { kind: 'index'; index: number } | { kind: 'every' } | { kind: 'places' };

export interface JsonPath {
  text: string;
  segments: PathSegment[];
}

export class JsonPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonPathError';
  }
}

/** Each segment form, and how it reads. */
const segmentForms: Array<[RegExp, (match: RegExpExecArray) => PathSegment]> = [
  [/^\.([A-Za-z_][A-Za-z0-9_-]*)/, (match) => ({ kind: 'field', name: match[1]! })],
  [/^\['((?:[^'\\]|\\.)*)'\]/, (match) => ({ kind: 'field', name: match[1]!.replace(/\\(.)/g, '$1') })],
  [/^\[(\d+)\]/, (match) => ({ kind: 'index', index: Number(match[1]) })],
  [/^\[\*\]/, () => ({ kind: 'every' })],
  [/^\[~\]/, () => ({ kind: 'places' })],
];

export function parseJsonPath(text: string): JsonPath {
  if (!text.startsWith('$')) throw new JsonPathError(`JSON path "${text}" must start with $`);
  const segments: PathSegment[] = [];
  let rest = text.slice(1);
  while (rest !== '') {
    const read = readSegment(rest);
    if (!read)
      throw new JsonPathError(`JSON path "${text}": cannot read "${rest}" (use .name, ['name'], [n], [*] or [~])`);
    segments.push(read.segment);
    rest = rest.slice(read.length);
  }
  return { text, segments };
}

function readSegment(text: string): { segment: PathSegment; length: number } | undefined {
  for (const [form, build] of segmentForms) {
    const match = form.exec(text);
    if (match) return { segment: build(match), length: match[0].length };
  }
  return undefined;
}

export type PathResult = { found: true; value: unknown } | { found: false; missing: string };

/**
 * The value at `path` in `data`. Without `[*]` a missing step makes the result not found (naming the
 * part that was missing); after `[*]` (or `[~]`) the result is the list of every value found, possibly empty.
 */
export function readJsonPath(path: JsonPath, data: unknown): PathResult {
  let values: unknown[] = [data];
  let spread = false;
  let walked = '$';
  for (const segment of path.segments) {
    const next: unknown[] = [];
    for (const value of values) {
      const children = step(segment, value);
      if (children === undefined) {
        if (!spread) return { found: false, missing: `${walked}${describeSegment(segment)}` };
      } else next.push(...children);
    }
    values = next;
    if (segment.kind === 'every' || segment.kind === 'places') spread = true;
    walked += describeSegment(segment);
  }
  return { found: true, value: spread ? values : values[0] };
}

/** The values one segment leads to from `value`; undefined when it leads nowhere. */
function step(segment: PathSegment, value: unknown): unknown[] | undefined {
  switch (segment.kind) {
    case 'field':
      // Own fields only: a path never reaches `constructor` or `__proto__` through the prototype.
      return isRecord(value) && Object.hasOwn(value, segment.name) ? [value[segment.name]] : undefined;
    case 'index':
      return Array.isArray(value) && segment.index < value.length ? [value[segment.index]] : undefined;
    case 'every':
      return everyOf(value);
    case 'places':
      return everyOf(value)?.flatMap((element) => (isRecord(element) ? payloadPlaces(element) : [element]));
  }
}

function everyOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  return isRecord(value) ? Object.values(value) : undefined;
}

function describeSegment(segment: PathSegment): string {
  switch (segment.kind) {
    case 'field':
      return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(segment.name) ? `.${segment.name}` : `['${segment.name}']`;
    case 'index':
      return `[${segment.index}]`;
    case 'every':
      return '[*]';
    case 'places':
      return '[~]';
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
