import type { Endpoint, EndpointResponse, JsonSchema } from './catalogue-types.ts';
import { endpoints, errorResponse, fullPath } from './endpoints.ts';
import { resourceNameOfRef, resourceNames, resourceSchemas } from './resources.ts';

/**
 * The OpenAPI 3.1 document, generated from the endpoint catalogue and the resource schemas so that
 * it can never disagree with what the simulator validates and the harness checks. Resources become
 * `components.schemas`, and their `$ref`s are rewritten to point there.
 */

const componentsPrefix = '#/components/schemas/';

const familyTags = [
  { name: 'tokenizer', description: 'Tokenizer interface (business role MIS): issuance, funding, redemption.' },
  { name: 'member', description: 'Member interface: balances, accounts, quotations, exchange, payments, credit lines, allowlist, signing.' },
];

export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[fullPath(endpoint)] ??= {});
    item[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Digital Settlement Service API',
      version: '1.0.0',
      description: 'Tokenizer interface (/tokenizer/v1/api) and member interface (/client/v1/api) of the Digital Settlement Service.',
    },
    servers: [{ url: '/' }],
    // The spec: every endpoint requires the bearer token.
    security: [{ bearerAuth: [] }],
    tags: familyTags,
    paths,
    components: {
      schemas: Object.fromEntries(resourceNames.map((name) => [name, component(resourceSchemas[name])])),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

function operation(endpoint: Endpoint): Record<string, unknown> {
  return {
    // OpenAPI allows any string as operationId, dots included, so the catalogue id is used as is.
    operationId: endpoint.id,
    summary: endpoint.summary,
    tags: [endpoint.family],
    ...(endpoint.params.length > 0
      ? {
          parameters: endpoint.params.map((param) => ({
            name: param.name,
            in: param.in,
            required: param.required,
            description: param.description,
            schema: rewriteRefs(param.schema),
          })),
        }
      : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: endpoint.body.required,
            description: endpoint.body.description,
            content: { 'application/json': { schema: rewriteRefs(endpoint.body.schema) } },
          },
        }
      : {}),
    responses: responses(endpoint),
  };
}

/** The 200 and the listed statuses, plus 401 wherever the table leaves it out (every call needs the token). */
function responses(endpoint: Endpoint): Record<string, unknown> {
  const listed = [endpoint.success, ...endpoint.errors];
  if (!listed.some((response) => response.status === 401)) listed.push(errorResponse(401));
  listed.sort((a, b) => a.status - b.status);
  return Object.fromEntries(listed.map((response) => [String(response.status), responseObject(response)]));
}

function responseObject({ description, body }: EndpointResponse): Record<string, unknown> {
  if (!body) return { description };
  return { description, content: { 'application/json': { schema: rewriteRefs(body) } } };
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
