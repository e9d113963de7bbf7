import type { EndpointId } from './endpoints.ts';

/** Written by `npm run docs:openapi-examples` (bin/tools/record-openapi-examples.ts); do not edit by hand. */
export const recordedExamples: Partial<Record<EndpointId, { params?: Record<string, unknown>; body?: unknown }>> = {};
