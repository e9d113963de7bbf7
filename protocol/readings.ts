/**
 * The open points of the specification a target profile may declare its reading of, in its
 * `readings:` block: points where one request cannot be accepted both ways, so the harness must send
 * what the target reads (docs/readings.md). Every other open point is judged by accepting each reading
 * the spec allows, and needs no declaration. Both halves read this: the simulator's reading variants
 * (simulator/readings/catalogue.ts) say which declaration each needs, and the harness's profile
 * (suites/runtime/profile.ts) parses it. An absent key is the reference profile's reading, unless the
 * harness detects the target's from its answers before any check (suites/runtime/reading-detection.ts:
 * `amount_scale` and `dso_line_account`; `string_bodies` only a call that changes state could show).
 */

export interface DeclaredReadings {
  /**
   * How the allowlist (POST/DELETE /members/allowlist) and token-renewal (GET /oauth-token/refresh)
   * bodies carry their one string (spec lines 470-473: "body member_identification (string, required)"):
   * `bare` a JSON string, `named` an object `{"member_identification": ...}` / `{"oauthBearerToken": ...}`.
   */
  string_bodies: 'bare' | 'named';
  /** Fraction digits the ledger keeps (spec lines 79, 118, 206, 296 give none): amounts sent stay within them. */
  amount_scale: number;
  /**
   * The holder's account a credit line for another member's DSO lives on (spec lines 105, 482):
   * `emission` its issuance account, `operating` its operating account, as a DSA line does.
   */
  dso_line_account: 'emission' | 'operating';
}

export type ReadingKey = keyof DeclaredReadings;

/** The reference profile's readings: what a profile without a `readings:` block is judged under. */
export const referenceReadings: Readonly<DeclaredReadings> = Object.freeze({
  string_bodies: 'bare',
  amount_scale: 7,
  dso_line_account: 'emission',
});

/** The most fraction digits a declared scale may have: amounts then still travel exactly as JSON numbers. */
export const MAX_AMOUNT_SCALE = 12;

/** The JSON Schema of a profile's `readings:` block (closed: an unknown key is named). */
export const readingsSchema = {
  type: 'object',
  properties: {
    string_bodies: { enum: ['bare', 'named'] },
    amount_scale: { type: 'integer', minimum: 0, maximum: MAX_AMOUNT_SCALE },
    dso_line_account: { enum: ['emission', 'operating'] },
  },
} as const;

/** The readings a declaration gives, the reference's for every key it leaves out. */
export function withReferenceReadings(declared: Partial<DeclaredReadings> = {}): DeclaredReadings {
  return { ...referenceReadings, ...declared };
}

/**
 * The holder's account its line for another member's DSO is set on, and its DSOs land on, as
 * `dso_line_account` reads spec lines 105 and 482: its issuance account `emission` (the reference), or
 * its first operating account (`accounts`, the default first). The DSO's issuer mints and burns it on
 * its own `emission` either way.
 */
export function dsoHoldingAccount(
  readings: Pick<DeclaredReadings, 'dso_line_account'>,
  accounts: readonly string[],
): string {
  return readings.dso_line_account === 'operating' ? (accounts[0] ?? 'main') : 'emission';
}

/**
 * The endpoints whose body is one string (spec lines 470, 471, 473), each with the field that names it
 * under the `named` reading of `string_bodies`.
 */
export const stringBodyFields = {
  'member.addToAllowlist': 'member_identification',
  'member.removeFromAllowlist': 'member_identification',
  'member.refreshToken': 'oauthBearerToken',
} as const;

export type StringBodyEndpoint = keyof typeof stringBodyFields;

export function isStringBodyEndpoint(endpointId: string): endpointId is StringBodyEndpoint {
  return Object.hasOwn(stringBodyFields, endpointId);
}

/** The body carrying `value` to a string-body endpoint in the form `form` reads. */
export function stringBody(
  form: DeclaredReadings['string_bodies'],
  endpointId: StringBodyEndpoint,
  value: string,
): string | Record<string, string> {
  return form === 'bare' ? value : { [stringBodyFields[endpointId]]: value };
}
