import type { JsonSchema } from './catalogue-types.ts';

/**
 * "/capabilities: unknown field "contrl" (valid: control, areas)" for every key a closed object does not
 * list: objects that list `properties` and say nothing about `additionalProperties` are closed. A plain
 * `additionalProperties: false` error cannot name the valid choices. Used by the target profile and the
 * simulator's network file.
 */
export function unknownFields(schema: JsonSchema, data: unknown, path = ''): string[] {
  if (Array.isArray(data)) {
    const items = schema.items as JsonSchema | undefined;
    return items ? data.flatMap((item, index) => unknownFields(items, item, `${path}/${index}`)) : [];
  }
  if (data === null || typeof data !== 'object') return [];
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const additional = schema.additionalProperties as JsonSchema | undefined;
  const problems: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const child = properties?.[key] ?? additional;
    if (child) problems.push(...unknownFields(child, value, `${path}/${key}`));
    else if (properties)
      problems.push(`${path || '/'}: unknown field "${key}" (valid: ${Object.keys(properties).join(', ')})`);
  }
  return problems;
}
