import { randomUUID } from 'node:crypto';
import { creditTransfer, paymentStory, storyMessage } from '../schemas/iso20022/message-builders.ts';
import { DeveloperMember, eventually } from './developer-member.ts';

/**
 * The steps of a member's day on the demo network, as a new member takes them through the spec's
 * endpoints with its own token, each waiting for the autopilot counterparties' answer (docs/network.md):
 * for the member-day test, and for the one that restarts a durable simulator half way through it.
 */

export const USD = { code: 'USD', issuer: 'tokenizer-usd' };
export const EUR = { code: 'EUR', issuer: 'tokenizer-eur' };

export type Until = <T>(what: string, condition: () => Promise<T | undefined>) => Promise<T>;

export function untilOn(me: DeveloperMember): Until {
  return (what, condition) => eventually(me.baseUrl, what, condition);
}

/** Credit lines of both tokenizers, each funded with 100,000 by the tokenizer. */
export async function lineAndFunding(me: DeveloperMember): Promise<void> {
  const until = untilOn(me);
  for (const asset of [USD, EUR]) {
    await me.ok('POST', '/settlement-instruments/credit-line', {
      account_identification: 'main',
      asset_code_identification: asset.code,
      credit_line_state: 'request',
      member_identification: asset.issuer,
      maximum_credit_limit: 1_000_000,
    });
  }
  for (const asset of [USD, EUR]) {
    await until(`${asset.code} funded`, async () =>
      (await me.balance(asset.code, asset.issuer)) === '100000.0000000' ? true : undefined,
    );
  }
}

export interface QuotationInfo {
  foreign_exchange_rate: number;
}

/** mm-singapore lists the member back, then answers its request for 1-1000 EUR for USD: the answered quotation. */
export async function quotationFromSingapore(me: DeveloperMember): Promise<QuotationInfo> {
  const until = untilOn(me);
  await me.ok('POST', '/members/allowlist', 'mm-singapore');
  const end = (await me.now()) + 600_000;
  const request = {
    base_asset_info: [
      { asset_code_identification: 'USD', asset_group_identification: 'DSA', asset_issuer_identification: USD.issuer },
    ],
    buyer_member_identification: me.identification,
    maximum_amount_limit: 1000,
    minimum_amount_limit: 1,
    quoted_asset_info: [
      { asset_code_identification: 'EUR', asset_group_identification: 'DSA', asset_issuer_identification: EUR.issuer },
    ],
    time_end_request_quotation: end,
  };
  const requested = await until('mm-singapore listed me back', async () => {
    const answer = await me.call('POST', '/exchange/quotations/request', request);
    return answer.status === 200 ? (answer.body as { request_uuid: string }) : undefined;
  });
  const quotation = await until('mm-singapore answered', async () => {
    const states = (await me.ok('GET', `/exchange/quotations/request/${requested.request_uuid}`)) as Array<{
      request_quotation_state: number;
      response_data?: QuotationInfo[];
    }>;
    return states.find((state) => state.request_quotation_state === 10);
  });
  return quotation.response_data![0]!;
}

/** Exchanges 500 USD at the quotation: the exchange's state. */
export async function exchangeAt(me: DeveloperMember, info: QuotationInfo): Promise<string> {
  const exchange = {
    amount_base_asset: 500,
    buyer_crediting_account_identification: 'main',
    buyer_debiting_account_identification: 'main',
    quotation_info: [info],
  };
  const signedExchange = await me.signJson(exchange);
  const result = (await me.ok('POST', '/exchange', {
    exchange_payload: signedExchange.payload,
    member_signature: signedExchange.signature,
  })) as { exchange_state: string };
  return result.exchange_state;
}

/** Pays `amount` USD to mm-singapore (pacs.008) and waits for its pacs.002: the status it reports. */
export async function payToSingapore(me: DeveloperMember, amount: string, reports: string[] = []): Promise<string> {
  const story = paymentStory({
    ofi: me.bic,
    rfi: 'MMSGSGSG',
    issuer: USD.issuer,
    method: 'DSA',
    currency: 'USD',
    amount,
    messageIdentification: me.newIdentification('PAY'),
    instruction: me.newIdentification('INS'),
    endToEnd: me.newIdentification('E2E'),
    uetr: randomUUID(),
  });
  const xml = storyMessage(
    'pacs.008.001.08',
    creditTransfer(story, { settlementAccount: 'main' }),
    me.bic,
    'MMSGSGSG',
    story.messageIdentification,
  );
  await me.ok('POST', '/payments/message/send', {
    financial_message_type: 'iso20022:pacs.008.001.08',
    financial_message_data: await me.signMessage(xml),
  });
  return statusReported(me, story.instruction, reports);
}

/**
 * The status of `instruction` in the pacs.002 the member's payment queue brings, waited for; `reports`
 * keeps what was read, since a read consumes (another instruction's report may come first).
 */
export function statusReported(
  me: DeveloperMember,
  instruction: string,
  reports: string[],
  settledOnly = false,
): Promise<string> {
  return untilOn(me)(`the report on ${instruction}`, async () => {
    for (const payload of await me.readQueue('payment'))
      reports.push(
        Buffer.from((payload as { financial_message_data: string }).financial_message_data, 'base64').toString('utf8'),
      );
    const found = reports
      .filter((xml) => xml.includes(instruction) && xml.includes('pacs.002'))
      .map((xml) => /<TxSts>(\w+)<\/TxSts>/.exec(xml)?.[1]);
    return settledOnly ? found.find((status) => status !== 'ACTC') : found[0];
  });
}
