import type { ChargeRequest } from '../../schemas/wire.ts';
import type { Principal } from '../auth/principal.ts';
import { identityMismatch } from '../auth/identity-mismatch.ts';
import { DssError } from '../errors.ts';
import type { SimState } from '../state.ts';
import type { ChargeMessage } from './charge-book.ts';

/**
 * `POST /charges/request/{member_identification}` (semantics §10): the caller, named in the body as
 * the originating member, asks the instructed member of the path for its fee, stating exactly one of
 * the net amount to pay out or the gross amount it will transfer. The request reaches the instructed
 * member's `charge` queue and stays open until answered. Every refusal is a 400, the only status listed.
 */
export function requestCharge(
  state: SimState,
  caller: Principal,
  instructedIdentification: string,
  request: ChargeRequest,
): void {
  const originator = caller.member.identification;
  if (request.member_identification !== originator) {
    throw identityMismatch(
      state.readings,
      invalid(`member_identification ${request.member_identification} must be the caller, ${originator}.`),
    );
  }
  const instructed = state.members.get(instructedIdentification);
  if (!instructed || instructed.member_state !== 'activated' || instructed === caller.member) {
    throw invalid(`${instructedIdentification} is not another activated member to ask for a fee.`);
  }
  const amounts = [request.instructed_net_amount, request.interbank_settlement_gross_amount].filter(
    (amount) => amount !== undefined,
  );
  if (amounts.length !== 1)
    throw invalid('Exactly one of instructed_net_amount and interbank_settlement_gross_amount must be given.');
  for (const amount of [...amounts, request.interbank_settlement_amount]) {
    if (amount !== undefined && state.amounts.parse(amount) <= 0n)
      throw invalid('The amounts of a charge request must be above zero.');
  }
  if (state.charges.isUsed(originator, request.request_uuid))
    throw invalid(`${originator} already used request_uuid ${request.request_uuid}.`);

  state.charges.request(originator, instructed.identification, request);
  const message: ChargeMessage = { ...request, sender: originator };
  state.gateway.enqueue(instructed.identification, 'charge', 'charge_request', message, state.clock.now());
}

function invalid(detail: string): DssError {
  return new DssError('CHARGE-REQUEST-INVALID', detail);
}
