import type { Endpoint, EndpointResponse, JsonSchema } from './catalogue-types.ts';
import {
  controlAnswers,
  controlCalls,
  controlPrefix,
  controlRequests,
  controlTag,
  type ControlCall,
} from './control.ts';
import { endpoints, errorResponse, fullPath, inputRefusalStatus, type EndpointId } from './endpoints.ts';
import { errorCodes } from './error-codes.ts';
import { recordedExamples } from './openapi-examples.ts';
import { operationLinks } from './openapi-links.ts';
import { resourceNameOfRef, resourceNames, resourceSchemas } from './resources.ts';
import { validate } from './validators.ts';

/**
 * The OpenAPI 3.1 document, generated from the endpoint catalogue and the resource schemas so that
 * it can never disagree with what the simulator validates and the harness checks. Resources become
 * `components.schemas`, and their `$ref`s are rewritten to point there. Each operation also says
 * what its schemas cannot (its refusals by error code, how to sign), links to the operations its
 * answer feeds, and carries examples recorded against the demo network (openapi-examples.ts).
 */

const componentsPrefix = '#/components/schemas/';

const familyTags = [
  { name: 'tokenizer', description: 'Tokenizer interface (business role MIS): issuance, funding, redemption.' },
  {
    name: 'member',
    description:
      'Member interface: balances, accounts, quotations, exchange, payments, credit lines, allowlist, signing.',
  },
];

const controlPlaneTag = {
  name: controlTag,
  description:
    'The reference simulator’s own control plane (/sim, docs/control-plane.md), not part of the DSS API: a vendor’s service has none. It onboards members and assets, mints tokens, moves the clock and switches faults and readings; it answers loopback clients only (unless `dss sim --control-remote`) and takes no token.',
};

const documentDescription = `Tokenizer interface (/tokenizer/v1/api) and member interface (/client/v1/api) of the Digital Settlement Service, as the reference simulator serves it.

The schemas of the parameters and request bodies are exactly what the simulator checks before acting: a request that breaks one is refused with the status named by the operation's \`x-dss-input-refusal-status\` (400, or 404 where the spec's table lists 404 and no 400) and the error code \`REQUEST-INVALID\` (\`REQUEST-NOT-PROCESSABLE\` for 404); an empty query value (\`?name=\`) breaks every schema. Rules no schema can express (the caller's identity, state, signatures, relations between fields) are listed in each operation's description and in \`x-dss-refusals\`, with their status.

Every operation: 401 for the token (missing, invalid, expired, revoked, or not allowing the endpoint, an account of the request, the client address, or the caller's role), 400 for a malformed HTTP request or JSON body, 413 for a body above 1 MiB. Tokens: \`dss sim\` prints one per demo member, \`GET /sim/network\` gives them, \`POST /sim/tokens\` mints others; see docs/openapi.md.

The operations tagged \`${controlTag}\` are the simulator's control plane, not the spec's: a vendor's service has none.`;

export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[fullPath(endpoint)] ??= {});
    item[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  for (const call of controlCalls) {
    const item = (paths[`${controlPrefix}${call.path}`] ??= {});
    item[call.method.toLowerCase()] = controlOperation(call);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Digital Settlement Service API',
      version: '1.0.0',
      description: documentDescription,
      license: { name: 'UNLICENSED', identifier: 'UNLICENSED' },
    },
    servers: [{ url: '/', description: 'the simulator that serves this document' }],
    // The spec: every endpoint requires the bearer token.
    security: [{ bearerAuth: [] }],
    tags: [...familyTags, controlPlaneTag],
    paths,
    components: {
      schemas: Object.fromEntries(resourceNames.map((name) => [name, component(resourceSchemas[name])])),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

function operation(endpoint: Endpoint): Record<string, unknown> {
  const examples = recordedExamples[endpoint.id as EndpointId];
  return {
    // OpenAPI allows any string as operationId, dots included, so the catalogue id is used as is.
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: operationDescription(endpoint),
    tags: [endpoint.family],
    ...(endpoint.params.length > 0
      ? {
          parameters: endpoint.params.map((param) => ({
            name: param.name,
            in: param.in,
            required: param.required,
            description: param.description,
            schema: rewriteRefs(param.schema),
            ...(examples?.params && Object.hasOwn(examples.params, param.name)
              ? { example: examples.params[param.name] }
              : {}),
          })),
        }
      : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: endpoint.body.required,
            description: endpoint.body.description,
            content: {
              'application/json': {
                schema: rewriteRefs(endpoint.body.schema),
                ...(examples && Object.hasOwn(examples, 'body') ? { example: examples.body } : {}),
              },
            },
          },
        }
      : {}),
    responses: responses(endpoint),
    'x-dss-input-refusal-status': inputRefusalStatus(endpoint),
    'x-dss-refusals': (endpoint.refusals ?? []).map((code) => ({ code, status: errorCodes[code].status })),
  };
}

/** A call of the control plane: no token, a body refused with 400, anyone but a loopback client refused with 403. */
function controlOperation(call: ControlCall): Record<string, unknown> {
  const request = call.request ? controlRequests[call.request] : undefined;
  const refusals: EndpointResponse[] = [
    ...(request ? [errorResponse(400, 'a body its schema refuses (CONTROL-INVALID-REQUEST), or malformed JSON')] : []),
    errorResponse(403, 'not a loopback client (CONTROL-FORBIDDEN)'),
    ...(call.refusals ?? []).map(({ status, code }) => errorResponse(status, `${errorCodes[code].when} (${code})`)),
  ];
  // control.getHealth, control.postSnapshotsNameRestore: the path's words, without its braces.
  const words = call.path
    .split('/')
    .filter(Boolean)
    .map((word) => word.replace(/[{}]/g, ''));
  const parameters = [...call.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: rewriteRefs(controlRequests.snapshot.properties.name),
  }));
  const success = { status: 200, description: call.summary, body: controlAnswers[call.answer] };
  return {
    operationId: `control.${call.method.toLowerCase()}${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`,
    summary: call.summary,
    tags: [controlTag],
    security: [],
    ...(parameters.length > 0 ? { parameters } : {}),
    // Required where an empty body (which the control plane reads as {}) breaks the schema.
    ...(request
      ? {
          requestBody: {
            required: !validate(request, {}).valid,
            content: { 'application/json': { schema: rewriteRefs(request) } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      [success, ...refusals].map((response) => [
        String(response.status),
        responseObject(response, response === success ? call.media : undefined),
      ]),
    ),
  };
}

/** What the schemas cannot say: the refusals of the domain, and how to sign. */
function operationDescription(endpoint: Endpoint): string {
  const parts = [`${endpoint.summary}.`];
  if (endpoint.signing) parts.push(`**Signing.** ${endpoint.signing}`);
  const refusals = endpoint.refusals ?? [];
  if (refusals.length > 0) {
    parts.push(
      [
        'Refusals for rules the schemas cannot express (identity, state, signatures):',
        ...refusals.map((code) => `- ${errorCodes[code].status} \`${code}\`: ${errorCodes[code].when}`),
      ].join('\n'),
    );
  }
  parts.push(`A request that breaks the schemas: ${inputRefusalStatus(endpoint)}.`);
  return parts.join('\n\n');
}

/**
 * The 200, the table's statuses and those the reference adds (beyondTable, and the refusals' own),
 * plus what every call can get: 401 (every call needs the token), 400 (malformed HTTP or JSON) and
 * 413 (a body above 1 MiB, read even where the endpoint takes none).
 */
function responses(endpoint: Endpoint): Record<string, unknown> {
  const listed: EndpointResponse[] = [endpoint.success, ...endpoint.errors, ...(endpoint.beyondTable ?? [])];
  const add = (response: EndpointResponse) => {
    if (!listed.some((known) => known.status === response.status)) listed.push(response);
  };
  add(errorResponse(401));
  add(errorResponse(400, 'malformed HTTP request or JSON body'));
  add({ status: 413, description: 'request body larger than 1 MiB', body: errorResponse(400).body });
  for (const code of endpoint.refusals ?? [])
    add(errorResponse(errorCodes[code].status as 400, errorCodes[code].short_message));
  listed.sort((a, b) => a.status - b.status);
  const links = operationLinks[endpoint.id as EndpointId];
  return Object.fromEntries(
    listed.map((response) => {
      const object = responseObject(response);
      if (response.status === 200 && links)
        object.links = Object.fromEntries(
          links.map(({ name, to, description, parameters, requestBody }) => [
            name,
            {
              operationId: to,
              description,
              ...(parameters ? { parameters } : {}),
              ...(requestBody ? { requestBody } : {}),
            },
          ]),
        );
      return [String(response.status), object];
    }),
  );
}

function responseObject({ description, body }: EndpointResponse, media = 'application/json'): Record<string, unknown> {
  if (!body) return { description };
  return { description, content: { [media]: { schema: rewriteRefs(body) } } };
}

/** A resource as a component: without its `$id`, which would change the base of the rewritten refs. */
function component(schema: JsonSchema): JsonSchema {
  const { $id: _id, ...rest } = rewriteRefs(schema) as JsonSchema;
  return rest;
}

/** A deep copy of `value` with every resource `$ref` pointing into `components.schemas`. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const name = key === '$ref' && typeof inner === 'string' ? resourceNameOfRef(inner) : undefined;
      return [key, name ? `${componentsPrefix}${name}` : rewriteRefs(inner)];
    }),
  );
}
