import { test, expect } from '@playwright/test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { controlCalls, controlPrefix, controlRequests, controlTag } from './control.ts';
import { endpoints, fullPath } from './endpoints.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { resourceNames } from './resources.ts';

interface Operation {
  operationId: string;
  tags: string[];
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { required: boolean };
  responses: Record<string, { content?: unknown }>;
}

const document = buildOpenApiDocument();
const paths = document.paths as Record<string, Record<string, Operation>>;
const allOperations = Object.values(paths).flatMap((item) => Object.values(item));
/** The spec's operations: the control plane's are the simulator's own, tagged apart. */
const operations = allOperations.filter((operation) => !operation.tags.includes(controlTag));

test.describe('OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ version: '1.0.0' });
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  test('has exactly the 46 catalogue operations, at their full paths', () => {
    expect(operations).toHaveLength(46);
    for (const endpoint of endpoints) {
      const operation = paths[fullPath(endpoint)]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, endpoint.id).toBe(endpoint.id);
      expect(operation?.tags).toEqual([endpoint.family]);
      expect(operation?.parameters?.map((p) => p.name) ?? [], endpoint.id).toEqual(endpoint.params.map((p) => p.name));
      expect(operation?.requestBody?.required, endpoint.id).toBe(endpoint.body?.required);
      const statuses = [endpoint.success, ...endpoint.errors].map((r) => String(r.status));
      expect(Object.keys(operation?.responses ?? {}), endpoint.id).toEqual(
        expect.arrayContaining([...statuses, '401']),
      );
    }
    // Several methods on one path share one path item.
    expect(Object.keys(paths['/client/v1/api/exchange/quotations'] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
  });

  test('every operation requires the bearer token and documents 401 with the error body', () => {
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components).toMatchObject({
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    });
    for (const operation of operations) {
      expect(operation.responses['401']?.content, operation.operationId).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/error' } },
      });
    }
  });

  test('resources are components, and every $ref points at one of them', () => {
    const components = (document.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    expect(Object.keys(components).sort()).toEqual([...resourceNames].sort());
    for (const schema of Object.values(components)) expect(schema.$id).toBeUndefined();
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(components[ref?.slice('#/components/schemas/'.length) ?? '']).toBeDefined();
    }
  });

  test('the control plane is there, tagged apart from the spec’s families, without the bearer token', () => {
    const control = allOperations.filter((operation) => operation.tags.includes(controlTag));
    expect(control).toHaveLength(controlCalls.length);
    expect((document.tags as Array<{ name: string }>).map((tag) => tag.name)).toEqual([
      'tokenizer',
      'member',
      controlTag,
    ]);
    for (const call of controlCalls) {
      const operation = paths[`${controlPrefix}${call.path}`]?.[call.method.toLowerCase()] as
        (Operation & { security?: unknown[] }) | undefined;
      expect(operation?.tags, call.path).toEqual([controlTag]);
      expect(operation?.security, call.path).toEqual([]);
      expect(Object.keys(operation?.responses ?? {}), call.path).toEqual(
        [
          '200',
          ...(call.request ? ['400'] : []),
          '403',
          ...(call.refusals ?? []).map(({ status }) => String(status)),
        ].sort(),
      );
      expect(operation?.requestBody !== undefined, call.path).toBe(call.request !== undefined);
    }
    // A body is required exactly where an empty one breaks the schema: a member needs its fields, a reset none.
    expect(paths['/sim/members']?.post?.requestBody?.required).toBe(true);
    expect(paths['/sim/reset']?.post?.requestBody?.required).toBe(false);
    expect(JSON.stringify(paths['/sim/tokens']?.post)).toContain(JSON.stringify(controlRequests.token.properties.role));
  });

  test('"no body listed" responses carry no content', () => {
    const cancel = paths['/client/v1/api/exchange/quotations/{quotation_uuid}']?.delete;
    expect(cancel?.responses['200']).toEqual({ description: 'quotation cancelled' });
    expect(cancel?.responses['404']?.content).toBeUndefined();
  });
});
