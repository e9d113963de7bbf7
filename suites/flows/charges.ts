import { randomUUID } from 'node:crypto';
import type { ChargeRequest, PaymentCharge } from '../../schemas/wire.ts';
import type { DssResponse } from '../runtime/client.ts';
import { instrumentOf, type AssetId } from './assets.ts';
import type { Party } from './party.ts';

/**
 * Fee requests and answers between members (spec: POST /charges/request/{member_identification},
 * POST /charges/response/{member_identification}, the `charge` gateway queue; semantics §10).
 */

/**
 * A request by `originator` for the fee on paying `net` of a DSA out in its own currency (so no exchange
 * rate is involved), with a fresh request_uuid.
 */
export function newChargeRequest(originator: Party, asset: AssetId, net: number): ChargeRequest {
  return {
    instructed_currency_code: asset.code,
    instructed_net_amount: net,
    interbank_settlement_instrument: [instrumentOf(asset)],
    member_identification: originator.identification,
    request_uuid: randomUUID(),
  };
}

/** The instructed member's answer to a net request: the net amount paid out, and `fee` on top. */
export function chargeAnswer(request: ChargeRequest, fee: number): PaymentCharge {
  const net = request.instructed_net_amount ?? 0;
  return {
    fee_amount: fee,
    instructed_amount: net,
    instructed_currency_code: request.instructed_currency_code,
    interbank_settlement_amount_without_fee: net,
    interbank_settlement_instrument: request.interbank_settlement_instrument,
    request_uuid: request.request_uuid,
  };
}

/** `POST /charges/request/{instructed}` as `originator`. */
export function requestCharge(originator: Party, instructed: string, body: unknown): Promise<DssResponse> {
  return originator.client.call('member.requestCharge', { path: { member_identification: instructed }, body });
}

/** `POST /charges/response/{originator}` as `instructed`. */
export function answerCharge(instructed: Party, originator: string, body: unknown): Promise<DssResponse> {
  return instructed.client.call('member.answerCharge', { path: { member_identification: originator }, body });
}
