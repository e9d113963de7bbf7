import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { DeveloperMember, eventually } from '../../test-support/developer-member.ts';

/**
 * A new member on the demo network buys an autopilot market maker's own DSO and sells part of it back
 * (docs/network.md): mm-singapore issued SGDDSO at start, allows the member's line for it, quotes it
 * both ways, and the exchanges move it between the two `emission` accounts (semantics, Exchange). Every
 * step goes through the spec's endpoints with the member's own token.
 */

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ network: 'demo' });
});
test.afterAll(async () => {
  await sim?.close();
});

const usd = [
  { asset_code_identification: 'USD', asset_group_identification: 'DSA', asset_issuer_identification: 'tokenizer-usd' },
];
const sgdDso = [
  {
    asset_code_identification: 'SGDDSO',
    asset_group_identification: 'DSO',
    asset_issuer_identification: 'mm-singapore',
  },
];

test('a new member is quoted mm-singapore’s SGDDSO, buys it into its emission account and sells some back', async () => {
  test.setTimeout(240_000);
  const me = await DeveloperMember.create(sim.url);
  const until = <T>(what: string, condition: () => Promise<T | undefined>) => eventually(sim.url, what, condition);

  // The DSO is on the network, issued by mm-singapore through the spec's endpoint at start.
  expect(await me.ok('GET', '/settlement-instruments')).toContainEqual(sgdDso[0]);

  // USD from tokenizer-usd; a line for SGDDSO on my emission account, allowed by mm-singapore once it lists me back.
  await me.ok('POST', '/settlement-instruments/credit-line', {
    account_identification: 'main',
    asset_code_identification: 'USD',
    credit_line_state: 'request',
    member_identification: 'tokenizer-usd',
    maximum_credit_limit: 1_000_000,
  });
  await me.ok('POST', '/members/allowlist', 'mm-singapore');
  await me.ok('POST', '/settlement-instruments/credit-line', {
    account_identification: 'emission',
    asset_code_identification: 'SGDDSO',
    credit_line_state: 'request',
    member_identification: 'mm-singapore',
    maximum_credit_limit: 1_000_000,
  });
  await until('USD funded', async () =>
    (await me.balance('USD', 'tokenizer-usd')) === '100000.0000000' ? true : undefined,
  );
  await until('the SGDDSO line allowed', async () => {
    const authorised = (await me.ok('GET', '/settlement-instruments/digital-accounts/emission')) as Array<{
      asset_code_identification: string;
    }>;
    return authorised.some((asset) => asset.asset_code_identification === 'SGDDSO') ? true : undefined;
  });

  const quote = async (base: typeof usd, quoted: typeof usd, maximum: number) => {
    const request = {
      base_asset_info: base,
      buyer_member_identification: me.identification,
      maximum_amount_limit: maximum,
      minimum_amount_limit: 1,
      quoted_asset_info: quoted,
      time_end_request_quotation: (await me.now()) + 600_000,
    };
    const { request_uuid } = (await me.ok('POST', '/exchange/quotations/request', request)) as { request_uuid: string };
    const answered = await until(`mm-singapore answered ${request_uuid}`, async () => {
      const states = (await me.ok('GET', `/exchange/quotations/request/${request_uuid}`)) as Array<{
        request_quotation_state: number;
        seller_member_identification: string;
        response_data?: any[];
      }>;
      return states.find(
        (state) => state.seller_member_identification === 'mm-singapore' && state.request_quotation_state === 10,
      );
    });
    return answered.response_data![0];
  };
  const exchange = async (info: any, amount: number, debiting: string, crediting: string) => {
    const signed = await me.signJson(
      {
        amount_base_asset: amount,
        buyer_crediting_account_identification: crediting,
        buyer_debiting_account_identification: debiting,
        quotation_info: [info],
      },
      debiting,
    );
    return me.ok('POST', '/exchange', { exchange_payload: signed.payload, member_signature: signed.signature });
  };

  // USD -> SGDDSO at 1.35 less 0.1 %: mm-singapore mints it from its emission account into mine.
  const buy = await quote(usd, sgdDso, 2000);
  expect(buy).toMatchObject({
    foreign_exchange_rate: 1.34865,
    seller_debiting_account_identification: 'emission',
    seller_crediting_account_identification: 'main',
    maximum_amount_limit: 2000,
  });
  expect(await exchange(buy, 100, 'main', 'emission')).toMatchObject({
    exchange_state: 'Success',
    amount_quoted_asset: 134.865,
  });
  expect(await me.balance('SGDDSO', 'mm-singapore', 'emission')).toBe('134.8650000');
  expect(await me.balance('USD', 'tokenizer-usd')).toBe('99900.0000000');

  // SGDDSO -> USD at 0.74 less 0.1 %: the DSO goes home to mm-singapore's emission account (burned).
  const sell = await quote(sgdDso, usd, 1000);
  expect(sell).toMatchObject({
    foreign_exchange_rate: 0.73926,
    seller_crediting_account_identification: 'emission',
    seller_debiting_account_identification: 'main',
  });
  expect(await exchange(sell, 100, 'emission', 'main')).toMatchObject({
    exchange_state: 'Success',
    amount_quoted_asset: 73.926,
  });
  expect(await me.balance('SGDDSO', 'mm-singapore', 'emission')).toBe('34.8650000');
  expect(await me.balance('USD', 'tokenizer-usd')).toBe('99973.9260000');
});
