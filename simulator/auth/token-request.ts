import { familyPrefix, type HttpMethod } from '../../schemas/catalogue-types.ts';
import type { MemberRegistry } from '../members/registry.ts';
import { normaliseIp } from './ip.ts';
import { accessRoles, type AccessRole } from './principal.ts';

/**
 * What the control plane (`POST /sim/tokens`, the stand-in for the client portal's Access Token
 * Management) asks a token for: the spec's four token parameters plus the user's access right.
 * A list left out grants everything of its kind.
 */
export interface TokenRequest {
  member_identification: string;
  role: AccessRole;
  accounts?: string[];
  allowed_ips?: string[];
  endpoints?: string[];
}

/** What a token grants, as carried in its claims; `'*'` = everything of that kind. */
export interface Grant {
  member_identification: string;
  role: AccessRole;
  accounts: string[] | '*';
  /** Canonical addresses (see ip.ts). */
  allowed_ips: string[] | '*';
  endpoints: string[] | '*';
}

/** Why a token cannot be issued; the control plane turns this into a 400. */
export class TokenRequestRejected extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

const methods: HttpMethod[] = ['GET', 'POST', 'DELETE'];
const pathSegment = String.raw`/(?:\{[a-z_]+\}|[a-z0-9-]+)`;
const endpointEntryPattern = new RegExp(
  `^(?:${methods.join('|')}) (?:${Object.values(familyPrefix).join('|')})(?:${pathSegment})+$`,
);

/** Checks a token request against the registry; throws TokenRequestRejected naming every problem. */
export function grantFor(request: TokenRequest, members: MemberRegistry): Grant {
  const problems: string[] = [];
  const member = members.get(request.member_identification);
  if (!member) problems.push(`unknown member ${JSON.stringify(request.member_identification)}`);
  if (!(accessRoles as readonly string[]).includes(request.role))
    problems.push(`role must be one of ${accessRoles.join(', ')}`);

  const accounts = listOrAll('accounts', request.accounts, problems);
  if (member && accounts !== '*') {
    for (const account of accounts) {
      if (!member.accounts.has(account))
        problems.push(`member ${member.identification} has no account ${JSON.stringify(account)}`);
    }
  }

  const endpoints = listOrAll('endpoints', request.endpoints, problems);
  if (endpoints !== '*') {
    for (const entry of endpoints) {
      if (!endpointEntryPattern.test(entry)) {
        problems.push(
          `endpoint ${JSON.stringify(entry)} must read "<METHOD> <full path template>", e.g. "GET /client/v1/api/members/{member_identification}"`,
        );
      }
    }
  }

  const ips = listOrAll('allowed_ips', request.allowed_ips, problems);
  const allowedIps =
    ips === '*'
      ? ips
      : ips.map((ip) => {
          const canonical = normaliseIp(ip);
          if (canonical === undefined) problems.push(`allowed IP ${JSON.stringify(ip)} is not an IP address`);
          return canonical ?? ip;
        });

  if (problems.length > 0) throw new TokenRequestRejected(problems);
  return {
    member_identification: request.member_identification,
    role: request.role,
    accounts,
    allowed_ips: allowedIps,
    endpoints,
  };
}

/** An absent list grants everything; a present one must be a list of strings. */
function listOrAll(name: string, list: unknown, problems: string[]): string[] | '*' {
  if (list === undefined) return '*';
  if (Array.isArray(list) && list.every((item) => typeof item === 'string')) return list;
  problems.push(`${name} must be a list of strings (leave it out to grant all)`);
  return [];
}
