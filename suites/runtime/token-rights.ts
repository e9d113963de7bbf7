/**
 * What a token grants, as the client portal issues it (spec, Authentication 2-3): the simulator's control
 * plane mints tokens with these rights, a profile declares them for the tokens it gives, and the names of
 * a run's credentials (credential-names.ts) carry them into reports.
 */
export interface TokenRights {
  role: 'viewer' | 'manager' | 'administrator';
  /** Absent: every account (and likewise for the others). */
  accounts?: string[];
  allowed_ips?: string[];
  /** Entries `"<METHOD> <full path template>"`, e.g. `"GET /client/v1/api/members/{member_identification}"`. */
  endpoints?: string[];
}
