import type { NewMember } from '../members/registry.ts';
import type { TokenRequest } from '../auth/tokens.ts';
import { networkKinds, type NetworkKind } from '../network/kinds.ts';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';

export interface ControlInput<T> {
  schema: JsonSchema;
  parse: (value: unknown) => T;
}

/**
 * Inputs of the control plane. Each pairs a JSON Schema (checked first) with the TypeScript type the
 * checked value then has; the cast is safe only because validation ran before it.
 */
function input<T>(schema: JsonSchema): ControlInput<T> {
  return { schema, parse: (value) => value as T };
}

const identification = { type: 'string', pattern: '^[a-zA-Z0-9-]{5,32}$' };
const accountName = { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,32}$' };
const instant = { type: 'integer', minimum: 0 };

export const controlSchemas = {
  reset: input<{ network?: NetworkKind; network_file?: string; clock?: number }>({
    type: 'object',
    properties: { network: { type: 'string', enum: [...networkKinds] }, network_file: { type: 'string', minLength: 1 }, clock: instant },
    not: { required: ['network', 'network_file'], description: 'give network or network_file, not both' },
  }),
  member: input<NewMember>({
    type: 'object',
    required: ['identification', 'bicfi', 'business_role', 'country_code'],
    properties: {
      identification,
      bicfi: { type: 'string' },
      business_role: { type: 'string', enum: ['MIS', 'MMM'] },
      country_code: { type: 'string' },
      operating_accounts: { type: 'array', items: accountName, minItems: 1 },
      member_state: { type: 'string', enum: ['created', 'activated', 'blocked'] },
    },
  }),
  asset: input<{ tokenizer_identification: string; asset_code_identification: string }>({
    type: 'object',
    required: ['tokenizer_identification', 'asset_code_identification'],
    properties: { tokenizer_identification: identification, asset_code_identification: { type: 'string', pattern: '^[A-Z]{3}$' } },
  }),
  token: input<TokenRequest>({
    type: 'object',
    required: ['member_identification', 'role'],
    properties: {
      member_identification: identification,
      role: { type: 'string', enum: ['viewer', 'manager', 'administrator'] },
      accounts: { type: 'array', items: accountName },
      allowed_ips: { type: 'array', items: { type: 'string', minLength: 1 } },
      endpoints: { type: 'array', items: { type: 'string', minLength: 1 } },
    },
  }),
  clock: input<{ now?: number; advance_ms?: number }>({
    type: 'object',
    properties: { now: instant, advance_ms: instant },
    oneOf: [{ required: ['now'] }, { required: ['advance_ms'] }],
  }),
  snapshot: input<{ name: string }>({
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', pattern: '^[a-zA-Z0-9_.-]{1,64}$' } },
  }),
  /** `POST /sim/faults` and `POST /sim/readings`: names to switch on and off. */
  switches: input<{ enable?: string[]; disable?: string[] }>({
    type: 'object',
    properties: { enable: { type: 'array', items: { type: 'string' } }, disable: { type: 'array', items: { type: 'string' } } },
  }),
};
