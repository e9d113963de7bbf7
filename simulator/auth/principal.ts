import { familyPrefix, type Endpoint } from '../../schemas/catalogue-types.ts';
import type { Member } from '../members/registry.ts';

/** The access rights of the client portal's users (spec, Authentication; semantics §13). */
export const accessRoles = ['viewer', 'manager', 'administrator'] as const;
export type AccessRole = (typeof accessRoles)[number];

/**
 * The caller of one request, as its bearer token says. `'*'` grants everything of that kind (the
 * token request left the list out). Permitted endpoints are written `"<METHOD> <full path template>"`,
 * e.g. `"GET /client/v1/api/members/{member_identification}"` (see `endpointEntry`).
 */
export interface Principal {
  /** The live registry entry, so a state change (blocking, activation) applies at once. */
  member: Member;
  role: AccessRole;
  accounts: string[] | '*';
  /** Canonical addresses (see ip.ts). */
  allowedIps: string[] | '*';
  endpoints: string[] | '*';
  sessionId: string;
  tokenId: string;
  /** The bearer token itself; a refresh must name the caller's current one. */
  token: string;
}

/** How a permitted-endpoint grant names a catalogue endpoint. */
export function endpointEntry(endpoint: Pick<Endpoint, 'family' | 'method' | 'path'>): string {
  return `${endpoint.method} ${familyPrefix[endpoint.family]}${endpoint.path}`;
}
