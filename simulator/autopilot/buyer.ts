/**
 * Traffic from an autopilot buyer (rules.exchanges): a quotation request at a pace
 * (`POST /exchange/quotations/request`), then, `wait_ms` of simulated time later, the best answer (the
 * highest rate among the quotations its sellers answered, `GET /exchange/quotations/request/{id}`)
 * exchanged for `amount` base units, signed with its account's key (`POST /exchange`). Traffic for a
 * developer whose member sells.
 */
import type { QuotationInfo, QuotationState } from '../../schemas/wire.ts';
import type { Pilot } from './pilot.ts';
import type { ExchangeTraffic } from './rules.ts';
import { encodeJson } from './value-calls.ts';
import { CallRefused } from './member-api.ts';

/** The request lives this long after the wait, so late answers still count until the buyer decides. */
const REQUEST_MARGIN_MS = 60_000;
const ANSWERED = 10;

/** Sends the request; answers its request_uuid, or undefined when nobody could be asked (logged). */
export async function requestQuotations(pilot: Pilot, traffic: ExchangeTraffic): Promise<string | undefined> {
  const instrument = (code: string, issuer: string) => [
    { asset_code_identification: code, asset_group_identification: 'DSA', asset_issuer_identification: issuer },
  ];
  const body = {
    base_asset_info: instrument(traffic.base, traffic.base_issuer),
    buyer_member_identification: pilot.member.identification,
    // Any quoted amount will do: the buyer takes the best rate it is offered.
    maximum_amount_limit: 1_000_000_000,
    quoted_asset_info: instrument(traffic.quoted, traffic.quoted_issuer),
    time_end_request_quotation: pilot.state.clock.now() + (traffic.wait_ms ?? 1000) + REQUEST_MARGIN_MS,
  };
  const answer = await pilot.api.call('member.requestQuotations', { body });
  if (answer.status === 404) {
    pilot.log(
      'exchanges',
      `request ${traffic.base} → ${traffic.quoted} quotations`,
      'skipped',
      'no member to ask: nobody it lists lists it back with a line for the base asset',
    );
    return undefined;
  }
  if (answer.status !== 200) throw new CallRefused(answer);
  const requestUuid = (answer.body as { request_uuid: string }).request_uuid;
  pilot.log('exchanges', `request ${traffic.base} → ${traffic.quoted} quotations`, 'done', `request ${requestUuid}`);
  return requestUuid;
}

/** Exchanges the best answered quotation of the request, if any. */
export async function exchangeBest(pilot: Pilot, traffic: ExchangeTraffic, requestUuid: string): Promise<void> {
  const states = (await pilot.api.request('member.getQuotationsOfRequest', {
    path: { request_uuid: requestUuid },
  })) as QuotationState[];
  const offers = states.flatMap((state) =>
    state.request_quotation_state === ANSWERED && state.response_data?.[0] ? [state.response_data[0]] : [],
  );
  if (offers.length === 0) {
    pilot.log('exchanges', `exchange on request ${requestUuid}`, 'skipped', 'no seller answered in time');
    return;
  }
  const best = offers.reduce((a, b) => (b.foreign_exchange_rate > a.foreign_exchange_rate ? b : a));
  const account = traffic.account ?? 'main';
  const info = {
    amount_base_asset: traffic.amount,
    buyer_crediting_account_identification: account,
    buyer_debiting_account_identification: account,
    quotation_info: [best as QuotationInfo],
  };
  const payload = encodeJson(info);
  const result = (await pilot.api.request('member.exchange', {
    body: { exchange_payload: payload, member_signature: await pilot.api.signPayload(account, payload) },
  })) as { exchange_state: string };
  pilot.log(
    'exchanges',
    `exchange ${traffic.amount} ${traffic.base} with ${best.seller_member_identification}`,
    result.exchange_state === 'Success' ? 'done' : 'failed',
    `best of ${offers.length} answer(s) at ${best.foreign_exchange_rate}: ${result.exchange_state}`,
  );
}
