import { expect } from '@playwright/test';
import { labelled } from './failure.ts';
import { noteFailure } from './failure-record.ts';

/**
 * Playwright's `expect`, for one requirement: `expectFor('EXC-SETTLEMENT', amount, 'the result’s amount').toBe(sent)`.
 * An assertion that fails is noted as the target's breaking `requirement` (failure-record.ts), with what
 * the matcher was given and what it got; the message names the requirement for people.
 */
export function expectFor<T>(requirement: string, actual: T, message: string): ReturnType<typeof expect<T>> {
  return attributed(expect(actual, labelled(requirement, message)), { requirement, actual, negated: false });
}

interface Assertion {
  requirement: string;
  actual: unknown;
  negated: boolean;
}

/** The matchers, each noting the error it throws or rejects with; `.not` flips the expectation. */
function attributed<M extends object>(matchers: M, assertion: Assertion): M {
  return new Proxy(matchers, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property === 'not') return attributed(value as object, { ...assertion, negated: !assertion.negated });
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const note = (error: unknown) => {
          if (error instanceof Error)
            noteFailure(error, {
              requirement: assertion.requirement,
              kind: 'target',
              expected: expectation(String(property), args, assertion.negated),
              got: shown(assertion.actual),
            });
          throw error;
        };
        try {
          const result: unknown = value.apply(target, args);
          return result instanceof Promise ? result.catch(note) : result;
        } catch (error) {
          return note(error);
        }
      };
    },
  });
}

/** Matchers of a value read as the value; the comparisons as their operator; any other by its name. */
const operators: Record<string, string> = {
  toBeGreaterThan: '>',
  toBeGreaterThanOrEqual: '>=',
  toBeLessThan: '<',
  toBeLessThanOrEqual: '<=',
};
const ofValue = new Set(['toBe', 'toEqual', 'toStrictEqual']);

function expectation(matcher: string, args: readonly unknown[], negated: boolean): string {
  const not = negated ? 'not ' : '';
  if (ofValue.has(matcher) && args.length === 1) return `${not}${shown(args[0])}`;
  const operator = operators[matcher];
  if (operator !== undefined && args.length === 1) return `${not}${operator} ${shown(args[0])}`;
  return `${not}${matcher}(${args.map(shown).join(', ')})`;
}

/** A value as a report line shows it: JSON where it has one, shortened. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
