import Ajv2020Module, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { FRACTION_DIGITS } from '../protocol/amount.ts';
import type { JsonSchema } from './catalogue-types.ts';
import { resourceSchemas } from './resources.ts';
import { isBase64, patterns } from './spec-types.ts';

/**
 * The one JSON Schema validator of the project: the simulator checks requests with it and the
 * harness checks responses with it, so both read the schemas the same way. Strict mode makes a
 * mistyped keyword in a schema fail loudly instead of silently accepting everything.
 */

// ajv and ajv-formats are CommonJS modules whose default export sits on `.default` under NodeNext.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

// strictRequired is off because conditional rules (`if`/`then`, `not`) name properties that the
// enclosing object declares, which that check cannot see.
// verbose keeps each failed keyword's schema on the error, for the messages below.
// validateSchema is off because checking the schemas against the 2020-12 meta-schema compiles that
// meta-schema first: 0.4 s of every simulator start and harness worker. Strict mode still refuses an
// unknown keyword; validators.test.ts checks every resource schema against the meta-schema instead.
export const ajvOptions = { strict: true, strictRequired: false, allErrors: true, verbose: true } as const;
/**
 * One validator per ledger scale: the `amount` format is the only keyword that depends on it. The
 * reference's (7 digits) is the one the harness and every reference run use; another exists only where
 * a simulator plays an amount reading (simulator/ledger/amount-scale.ts), made on first use.
 */
interface ScaleValidator {
  ajv: InstanceType<typeof Ajv2020>;
  compiled: WeakMap<JsonSchema, ValidateFunction>;
}
const validators = new Map<number, ScaleValidator>();

function validatorFor(amountDigits: number): ScaleValidator {
  let found = validators.get(amountDigits);
  if (!found) {
    const ajv = new Ajv2020({ ...ajvOptions, validateSchema: false, code: { regExp: patternTest } });
    addFormats(ajv);
    ajv.addFormat('amount', {
      type: 'number',
      validate: (value: number) => hasAtMostFractionDigits(value, amountDigits),
    });
    for (const schema of Object.values(resourceSchemas)) ajv.addSchema(schema);
    validators.set(amountDigits, (found = { ajv, compiled: new WeakMap() }));
  }
  return found;
}

/**
 * The `amount` format (spec-types.ts): the number's shortest decimal text, the one its sender wrote,
 * has at most `digits` fraction digits once its exponent is applied (`1e-7` has 7, `1.5e-7` has 8), which is
 * exactly what the simulator can hold as a fixed-point amount (semantics §3: 7 for the reference). No
 * `multipleOf`: binary floats make `0.3 / 1e-7` fall just short of an integer.
 */
export function hasAtMostFractionDigits(value: number, digits: number): boolean {
  const match = Number.isFinite(value) ? /^-?[0-9]+(?:\.([0-9]+))?(?:e([+-][0-9]+))?$/.exec(String(value)) : null;
  return match !== null && (match[1]?.length ?? 0) - Number(match[2] ?? 0) <= digits;
}

/**
 * How ajv tests a schema's `pattern`: as the regular expression, except the spec's base64 pattern (the
 * `byte` type), tested by `isBase64` (spec-types.ts), which accepts the same strings: the pattern cost
 * more than anything else in validating a signed message's body (some 10 µs for 4 kB of base64).
 */
export function patternTest(source: string, flags: string): { test(text: string): boolean } {
  return source === patterns.base64 ? base64Test : new RegExp(source, flags);
}
// Used only by ajv's standalone code generation, which this project does not use; it would build the
// pattern itself, which accepts the same strings.
patternTest.code = 'new RegExp';

// `toString` is ajv's key for the compiled pattern: it must differ from every other pattern's.
const base64Test = { test: isBase64, toString: () => `/${patterns.base64}/u` };

export type ValidationResult = { valid: true } | { valid: false; errors: string[] };

/**
 * Checks `data` against `schema` (a resource schema, a `schemaRef`, or an inline schema that refers
 * to resources), its amounts with at most `amountDigits` fraction digits (the reference's 7 unless a
 * simulator's amount reading says otherwise). Schemas are compiled once per schema object, so pass the
 * same object each time.
 */
export function validate(schema: JsonSchema, data: unknown, amountDigits = FRACTION_DIGITS): ValidationResult {
  const { ajv, compiled } = validatorFor(amountDigits);
  let check = compiled.get(schema);
  if (!check) {
    check = ajv.compile(schema);
    compiled.set(schema, check);
  }
  if (check(data)) return { valid: true };
  return { valid: false, errors: describeErrors(check.errors ?? [], amountDigits) };
}

/**
 * "/balance must be string"; problems of the value itself carry no path. A failed `if` is dropped
 * (the failed `then` that follows says what is missing), and a failed `not` says what its rule's
 * description says, since ajv's "must NOT be valid" tells a client nothing.
 */
function describeMessage(error: ErrorObject, amountDigits: number): string | undefined {
  switch (error.keyword) {
    case 'if':
      return undefined;
    case 'format':
      return error.schema === 'amount'
        ? `must have at most ${amountDigits} fraction digits`
        : (error.message ?? 'is invalid');
    case 'enum':
      return `${error.message}: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    case 'oneOf': {
      // A oneOf of `required` alone (chargeRequest) says which fields; exactly one of them must be given.
      const branches = error.schema as JsonSchema[];
      const only = (branch: JsonSchema) =>
        Object.keys(branch).every((keyword) => keyword === 'required' || keyword === 'type');
      const names = branches.map((branch) =>
        only(branch) && Array.isArray(branch.required) && branch.required.length === 1 ? branch.required[0] : undefined,
      );
      return names.every((name) => typeof name === 'string')
        ? `must have exactly one of ${names.join(', ')}`
        : (error.message ?? 'is invalid');
    }
    case 'not': {
      const rule = error.schema as JsonSchema | undefined;
      return typeof rule?.description === 'string' ? rule.description : 'is invalid';
    }
    default:
      return error.message ?? 'is invalid';
  }
}

function describeErrors(errors: ErrorObject[], amountDigits: number): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const message = describeMessage(error, amountDigits);
    if (message !== undefined) messages.push(error.instancePath ? `${error.instancePath} ${message}` : message);
  }
  // An invalid value always gets at least one message, so callers can rely on a non-empty list.
  return messages.length > 0 ? messages : ['is invalid'];
}
