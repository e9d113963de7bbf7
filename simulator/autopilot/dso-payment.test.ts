import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  creditTransfer,
  obligationNotice,
  paymentStory,
  storyMessage,
} from '../../schemas/iso20022/message-builders.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { DeveloperMember, eventually } from '../../test-support/developer-member.ts';

/**
 * A new member pays an autopilot RFI of the demo network in its own DSO (docs/network.md): mm-saopaulo
 * asks for a line on the member's DSO once it lists it back (`rfi.dso_credit_lines`), accepts the payment
 * (cleared: it now holds the member's obligation), and when the member says with an SVC.002 that it paid
 * the obligation off the service, gives the DSO back with a pacs.004 (`rfi.obligations: return`), so the
 * payment is settled. Every step of the member goes through the spec's endpoints with its own token.
 */

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ network: 'demo' });
});
test.afterAll(async () => {
  await sim?.close();
});

test('a payment in the member’s DSO is cleared by an autopilot RFI, and settled by its pacs.004 after the member’s SVC.002', async () => {
  test.setTimeout(240_000);
  const me = await DeveloperMember.create(sim.url);
  const until = <T>(what: string, condition: () => Promise<T | undefined>) => eventually(sim.url, what, condition);

  await me.ok('POST', '/settlement-instruments?asset_code_identification=USDDSO&asset_group_identification=DSO');
  await me.ok('POST', '/members/allowlist', 'mm-saopaulo');
  // mm-saopaulo lists me back and asks me for a USDDSO line; I allow it once it is there.
  await until('mm-saopaulo asked for a USDDSO line', async () => {
    const allowed = await me.call('POST', '/settlement-instruments/credit-line', {
      account_identification: 'emission',
      asset_code_identification: 'USDDSO',
      credit_line_state: 'allow',
      member_identification: 'mm-saopaulo',
    });
    return allowed.status === 200 ? true : undefined;
  });

  const story = paymentStory({
    ofi: me.bic,
    rfi: 'MMSPBRSP',
    issuer: me.identification,
    method: 'DSO',
    currency: 'USD',
    amount: '1000',
    messageIdentification: me.newIdentification('PAY'),
    instruction: me.newIdentification('INS'),
    endToEnd: me.newIdentification('E2E'),
    uetr: randomUUID(),
  });
  const send = async (type: 'pacs.008.001.08' | 'SVC.002.001.01', document: string, identification: string) => {
    const signed = await me.signMessage(storyMessage(type, document, me.bic, 'MMSPBRSP', identification));
    await me.ok('POST', '/payments/message/send', {
      financial_message_type: `iso20022:${type}`,
      financial_message_data: signed,
    });
  };
  const flow = async () => {
    const answer = await me.call(
      'GET',
      `/transactions?data_type=INSTRUCTION_IDENTIFICATION&data_id=${story.instruction}`,
    );
    return answer.status === 200
      ? (answer.body[0].transaction_state as Array<{ transaction_flow_status: string }>).map(
          (state) => state.transaction_flow_status,
        )
      : [];
  };
  const owed = async () =>
    ((await me.ok('GET', '/settlement-obligations?asset_code_identification=USDDSO')) as Array<{ balance: string }>)[0]
      ?.balance;

  await send('pacs.008.001.08', creditTransfer(story, { settlementAccount: 'emission' }), story.messageIdentification);
  expect(await until('the payment cleared', async () => ((await flow()).length > 0 ? flow() : undefined))).toEqual([
    'Payment cleared',
  ]);
  expect(await owed()).toBe('1000.0000000');

  const notice = me.newIdentification('OSN');
  await send('SVC.002.001.01', obligationNotice(story, { messageIdentification: notice }), notice);
  expect(await until('the DSO given back', async () => ((await flow()).length > 1 ? flow() : undefined))).toEqual([
    'Payment cleared',
    'Payment settled',
  ]);
  expect(await owed()).toBe('0.0000000');
});

test('a member that issues its DSO after an autopilot RFI listed it back is asked for a line on it too', async () => {
  test.setTimeout(240_000);
  const me = await DeveloperMember.create(sim.url);
  const until = <T>(what: string, condition: () => Promise<T | undefined>) => eventually(sim.url, what, condition);
  await me.ok('POST', '/members/allowlist', 'mm-nairobi');
  const instrument = (code: string, issuer: string) => [
    { asset_code_identification: code, asset_group_identification: 'DSA', asset_issuer_identification: issuer },
  ];
  // A quotation request finds a partner (200, not 404) once mm-nairobi lists me back.
  await until('mm-nairobi listed me back', async () => {
    const request = {
      base_asset_info: instrument('USD', 'tokenizer-usd'),
      buyer_member_identification: me.identification,
      maximum_amount_limit: 10,
      quoted_asset_info: instrument('EUR', 'tokenizer-eur'),
      time_end_request_quotation: (await me.now()) + 60_000,
    };
    return (await me.call('POST', '/exchange/quotations/request', request)).status === 200 ? true : undefined;
  });
  await me.ok('POST', '/settlement-instruments?asset_code_identification=EURDSO&asset_group_identification=DSO');
  await until('mm-nairobi asked for a EURDSO line', async () => {
    const allowed = await me.call('POST', '/settlement-instruments/credit-line', {
      account_identification: 'emission',
      asset_code_identification: 'EURDSO',
      credit_line_state: 'allow',
      member_identification: 'mm-nairobi',
    });
    return allowed.status === 200 ? true : undefined;
  });
  const obligations = (await me.ok('GET', '/settlement-obligations/EURDSO')) as Array<{
    member_identification: string;
  }>;
  expect(obligations.map((holder) => holder.member_identification)).toEqual(['mm-nairobi']);
});
