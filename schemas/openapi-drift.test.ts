import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { Agent } from 'node:http';
import type { RunningSimulator } from '../simulator/server.ts';
import {
  documentOperations,
  documentValidator,
  parameterValue,
  startDocumentedSimulator,
  requestIsValid,
  SchemaReader,
  sendRequest,
  type Answer,
  type DocOperation,
  type GeneratedRequest,
  type Schema,
} from '../test-support/openapi-requests.ts';

/**
 * The published document against the server, over a real socket: for each of the 46 operations of
 * /openapi.json, requests generated from the document alone (valid ones, and every request that
 * breaks exactly one constraint it declares) go to a simulator with the demo network. A request the
 * document refuses must get the operation's `x-dss-input-refusal-status` with a shape refusal; one it
 * accepts must not be refused for its shape, and any refusal must be a status the operation lists,
 * with a code its `x-dss-refusals` lists (or an authentication code). The validity of a request is
 * judged by an ajv of this test's own over the document's schemas, never by the simulator's validator.
 * Bounded by count: VALID_PER_OPERATION and BROKEN_PER_OPERATION requests per operation.
 */

const VALID_PER_OPERATION = Number(process.env.DSS_DRIFT_VALID ?? 12);
const BROKEN_PER_OPERATION = Number(process.env.DSS_DRIFT_BROKEN ?? 24);
const SEED = Number(process.env.DSS_DRIFT_SEED ?? 20261125);
const SHAPE_CODES = new Set(['REQUEST-INVALID', 'REQUEST-NOT-PROCESSABLE', 'BODY-MALFORMED-JSON']);

let sim: RunningSimulator;
let document: Record<string, unknown>;
let tokens: Record<'tokenizer' | 'member', string>;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

test.describe.configure({ timeout: 600_000 });

test.beforeAll(async () => {
  ({ sim, document, tokens } = await startDocumentedSimulator());
});
test.afterAll(async () => {
  agent.destroy();
  await sim?.close();
});

function validRequests(
  operation: DocOperation,
  reader: SchemaReader,
  isValid: (schema: Schema, value: unknown) => boolean,
): GeneratedRequest[] {
  const params = fc.record(
    Object.fromEntries(
      operation.parameters.map((parameter) => [
        parameter.name,
        reader.valid(parameter.schema, parameter.example).map(String),
      ]),
    ),
    { requiredKeys: operation.parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
  );
  const body = operation.body ? reader.valid(operation.body.schema, operation.body.example) : fc.constant(undefined);
  const sampled = fc.sample(fc.record({ params, body }), { numRuns: VALID_PER_OPERATION * 4, seed: SEED });
  const valid = sampled.filter((candidate) =>
    requestIsValid(operation, candidate as GeneratedRequest, isValid),
  ) as GeneratedRequest[];
  return valid.slice(0, VALID_PER_OPERATION);
}

/** From one valid request, each request that breaks one declared constraint (and that the document indeed refuses). */
function brokenRequests(
  operation: DocOperation,
  from: GeneratedRequest,
  reader: SchemaReader,
  isValid: (schema: Schema, value: unknown) => boolean,
): GeneratedRequest[] {
  const candidates: GeneratedRequest[] = [];
  for (const parameter of operation.parameters) {
    const given = from.params[parameter.name];
    if (given === undefined) continue;
    if (parameter.required) {
      const { [parameter.name]: _dropped, ...rest } = from.params;
      candidates.push({ params: rest, body: from.body, broken: `${parameter.in} ${parameter.name}: required` });
    }
    if (parameter.in === 'query')
      candidates.push({
        params: { ...from.params, [parameter.name]: '' },
        body: from.body,
        broken: `query ${parameter.name}: empty value`,
      });
    for (const { value, broken } of reader.breaks(
      parameter.schema,
      parameterValue(parameter, given),
      `${parameter.in} ${parameter.name}`,
    )) {
      if (typeof value === 'string' || typeof value === 'number')
        candidates.push({ params: { ...from.params, [parameter.name]: String(value) }, body: from.body, broken });
    }
  }
  if (operation.body && from.body !== undefined) {
    if (operation.body.required) candidates.push({ params: from.params, body: undefined, broken: 'body: required' });
    for (const { value, broken } of reader.breaks(operation.body.schema, from.body, 'body'))
      candidates.push({ params: from.params, body: value, broken });
  }
  const seen = new Set<string>();
  const refused = candidates.filter((candidate) => {
    const key = candidate.broken!.replace(/\/[0-9]+/g, '/n');
    if (seen.has(key) || requestIsValid(operation, candidate, isValid)) return false;
    seen.add(key);
    return true;
  });
  // Spread the bounded count over the whole list, so every part of a big body gets its turn.
  const step = Math.max(1, refused.length / BROKEN_PER_OPERATION);
  return Array.from(
    { length: Math.min(BROKEN_PER_OPERATION, refused.length) },
    (_, index) => refused[Math.floor(index * step)]!,
  );
}

/** One request over the socket, with the token of the operation's family. */
function send(operation: DocOperation, generated: GeneratedRequest): Promise<Answer> {
  return sendRequest(
    agent,
    sim.url,
    operation.path.startsWith('/tokenizer/') ? tokens.tokenizer : tokens.member,
    operation,
    generated,
  );
}

function describeRequest(operation: DocOperation, generated: GeneratedRequest, answer: Answer): string {
  const input = JSON.stringify({ params: generated.params, body: generated.body }).slice(0, 400);
  return `${operation.id} (${operation.method} ${operation.path})${generated.broken ? ` breaking ${generated.broken}` : ''}: ${input} -> ${answer.status} ${answer.code ?? ''}`;
}

test('every operation of /openapi.json: the simulator accepts what the document accepts and refuses what it refuses', async () => {
  const started = Date.now();
  const operations = documentOperations(document);
  expect(operations).toHaveLength(46);
  const reader = new SchemaReader(document);
  const isValid = documentValidator(document);
  const disagreements: string[] = [];
  let sent = 0;
  let brokenSent = 0;
  for (const operation of operations) {
    const valid = validRequests(operation, reader, isValid);
    expect(valid.length, `${operation.id}: no valid request could be generated from the document`).toBeGreaterThan(0);
    for (const generated of valid) {
      const answer = await send(operation, generated);
      sent += 1;
      const refusedForShape = answer.code !== undefined && SHAPE_CODES.has(answer.code);
      const listedRefusal =
        answer.status < 300 ||
        (answer.code !== undefined && (answer.code.startsWith('AUTH-') || operation.refusalCodes.has(answer.code)));
      if (refusedForShape || !operation.statuses.has(answer.status) || !listedRefusal)
        disagreements.push(`valid per the document, yet ${describeRequest(operation, generated, answer)}`);
    }
    const broken = brokenRequests(operation, valid[0]!, reader, isValid);
    for (const generated of broken) {
      const answer = await send(operation, generated);
      sent += 1;
      brokenSent += 1;
      if (
        answer.status !== operation.inputRefusalStatus ||
        answer.code === undefined ||
        !SHAPE_CODES.has(answer.code)
      ) {
        disagreements.push(
          `invalid per the document (expected ${operation.inputRefusalStatus}), yet ${describeRequest(operation, generated, answer)}`,
        );
      }
    }
  }
  console.log(
    `openapi drift: ${operations.length} operations, ${sent} requests (${brokenSent} breaking one constraint) in ${Date.now() - started} ms`,
  );
  expect(disagreements, disagreements.join('\n')).toEqual([]);
});
