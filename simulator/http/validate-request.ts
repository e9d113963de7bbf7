import type { Endpoint, JsonSchema } from '../../schemas/catalogue-types.ts';
import { validate } from '../../schemas/validators.ts';
import { DssError } from '../errors.ts';

export interface RequestInputs {
  path: Readonly<Record<string, string>>;
  query: Record<string, string>;
  body: unknown;
}

/**
 * Checks a request's inputs against the endpoint catalogue and gathers every problem into one 400,
 * so a client fixes all of them at once. Unknown query parameters and unknown body fields are ignored
 * (semantics §14); a query parameter given twice is refused, because which value wins is undefined.
 * An empty value (`?country_code=`) is a value, checked like any other: OpenAPI's default
 * `allowEmptyValue: false` forbids it, and every parameter's schema refuses the empty string.
 * Body amounts have at most `amountDigits` fraction digits: the ledger's scale (state.amounts).
 */
export function validateRequest(
  endpoint: Endpoint,
  inputs: RequestInputs,
  repeatedQuery: string[],
  amountDigits?: number,
): void {
  const problems: string[] = repeatedQuery.map((name) => `query parameter ${name} is given more than once`);
  for (const param of endpoint.params) {
    const source = param.in === 'path' ? inputs.path : param.in === 'query' ? inputs.query : undefined;
    if (!source) continue; // header inputs are read by the handler that needs them
    const value = source[param.name];
    if (value === undefined) {
      if (param.required) problems.push(`${param.in} parameter ${param.name} is required`);
      continue;
    }
    const result = validate(param.schema, parameterValue(param.schema, value));
    if (!result.valid) problems.push(...result.errors.map((error) => `${param.in} parameter ${param.name}: ${error}`));
  }
  if (endpoint.body) {
    if (inputs.body === undefined) {
      if (endpoint.body.required) problems.push('a request body is required');
    } else {
      const result = validate(endpoint.body.schema, inputs.body, amountDigits);
      if (!result.valid)
        problems.push(...result.errors.map((error) => `body${error.startsWith('/') ? '' : ' '}${error}`));
    }
  }
  if (problems.length > 0) throw new DssError('REQUEST-INVALID', problems.join('; '));
}

/**
 * A parameter travels as text; where its schema declares an integer, the text of one (digits, an
 * optional minus) is checked as that integer, so bounds apply. Any other text stays a string and
 * fails the schema's type. Handlers still read the text.
 */
function parameterValue(schema: JsonSchema, value: string): unknown {
  return schema.type === 'integer' && /^-?[0-9]+$/.test(value) ? Number(value) : value;
}
