import type { SpecPart } from '../../schemas/catalogue-types.ts';

/**
 * Named defects the simulator can switch on, each a realistic vendor bug. The fault self-check runs
 * the suites with each one on and expects a failing check naming `requirement`. A fault is a small,
 * contained deviation at one place in the simulator, found by grepping for its name.
 */
export interface FaultDefinition {
  description: string;
  part: SpecPart;
  /** The requirement ID (suites/requirements/1.0.0.yaml) a check must report as broken. */
  requirement: string;
}

const catalogue = {
  'error-body-without-timestamp': {
    description: 'Error bodies leave out the required `timestamp` field.',
    part: 'errors',
    requirement: 'ERR-BODY-SHAPE',
  },
  'unknown-member-wrong-status': {
    description: 'GET /members/{id} answers 400 instead of 404 for an unknown member.',
    part: 'endpoints',
    requirement: 'DIR-MEMBER-NOT-FOUND',
  },
  'refresh-keeps-old-token': {
    description: 'A token refresh issues a new token but leaves the previous one valid.',
    part: 'authentication',
    requirement: 'AUTH-REFRESH-INVALIDATES',
  },
  'viewer-can-write': {
    description: 'Viewer tokens are accepted on endpoints that change state.',
    part: 'authentication',
    requirement: 'AUTH-VIEWER-READ-ONLY',
  },
  'allowlist-not-idempotent': {
    description: 'Adding a member already on the allowlist is refused (400) instead of succeeding.',
    part: 'endpoints',
    requirement: 'ALLOWLIST-IDEMPOTENT',
  },
  // Quotations and exchange (semantics §7, §8)
  'quotation-exchangeable-twice': {
    description: 'POST /exchange skips the quotation state guard: a completed quotation settles again, and concurrent exchanges of one quotation all settle.',
    part: 'states',
    requirement: 'EXC-ONCE',
  },
  'expired-quotation-accepted': {
    description: 'POST /exchange judges the quotation’s validity at its start_time instead of now: an exchange before the start or after the end of the quotation settles.',
    part: 'states',
    requirement: 'EXC-VALIDITY-WINDOW',
  },
  'exchange-ignores-allowlist': {
    description: 'POST /exchange settles although one side has removed the other from its allowlist.',
    part: 'states',
    requirement: 'EXC-ALLOWLIST',
  },
  // Value layer: credit lines, funding, balances, consolidation, gateway (semantics §3-§5, §9, §12)
  'credit-ceiling-not-enforced': {
    description: 'The ledger does not check the receiver’s credit ceiling: a transfer that takes a holding above its maximum_credit_limit goes through (a consolidation, or a funding instructed while there was room).',
    part: 'limits',
    requirement: 'CL-CEILING',
  },
  'revoked-line-still-usable': {
    description: 'The ledger treats a revoked credit line as allowed: value still moves into and out of it (a consolidation, or a funding instructed before the revocation).',
    part: 'states',
    requirement: 'CL-REVOKED-BLOCKS',
  },
  'funding-replay-mints-again': {
    description: 'Sending an already settled funding instruction again mints its amount a second time.',
    part: 'endpoints',
    requirement: 'FUND-REPLAY-ONCE',
  },
  'funding-signature-not-checked': {
    description: 'POST /transactions/send does not verify the two signatures: any base64 values are accepted.',
    part: 'endpoints',
    requirement: 'FUND-SIGNATURES',
  },
  'consolidation-not-atomic': {
    description: 'A consolidation applies its entries one transaction at a time: the entries before a failing one stay moved.',
    part: 'endpoints',
    requirement: 'CONS-ATOMIC',
  },
  'dso-consolidation-allowed': {
    description: 'A consolidation entry in a DSO is not refused with 403; it goes to the ledger like a DSA entry.',
    part: 'endpoints',
    requirement: 'CONS-DSO-FORBIDDEN',
  },
  'gateway-read-does-not-consume': {
    description: 'GET /gateway/messages returns the pending messages but leaves them in the queue, so every read returns them again.',
    part: 'events',
    requirement: 'GW-READ-CONSUMES',
  },
  'balance-missing-line-zero': {
    description: 'GET /balances/digital-accounts/{account} answers 200 with a zero balance, instead of 404, for an asset the account has no credit line for.',
    part: 'endpoints',
    requirement: 'BAL-NO-LINE',
  },
} as const satisfies Record<string, FaultDefinition>;

export type FaultName = keyof typeof catalogue;
export const faultCatalogue: Readonly<Record<FaultName, FaultDefinition>> = catalogue;

export function isFaultName(name: string): name is FaultName {
  return Object.hasOwn(catalogue, name);
}

/** Which faults are on. Lives in the simulator state; `POST /sim/faults` and `dss sim --faults` switch it. */
export class FaultSwitch {
  private readonly enabled = new Set<FaultName>();

  constructor(initial: Iterable<FaultName> = []) {
    for (const name of initial) this.enabled.add(name);
  }

  on(name: FaultName): boolean {
    return this.enabled.has(name);
  }

  enable(name: FaultName): void {
    this.enabled.add(name);
  }

  disable(name: FaultName): void {
    this.enabled.delete(name);
  }

  list(): FaultName[] {
    return [...this.enabled];
  }
}
