import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { financialMessage, type FinancialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { formatAmount } from '../../simulator/ledger/amount.ts';
import type { PaymentQueueMessage } from '../../simulator/payments/deliveries.ts';
import { paymentStory, storyMessage } from '../../schemas/iso20022/message-builders.ts';
import { MEMBER_API, TOKENIZER_API, usdNetwork, type Answer } from './app-client.ts';

/**
 * Route-level support for the payment tests (test support only): app-client's USD network where
 * maker-aa (MAKAGB2L, `main` and `second`) holds 1000 USD of tokenizer-us on `main`, maker-bb
 * (MAKBSGSG) may receive up to 10000 USD on `main`, and the two list each other. Messages are signed
 * through `POST /sign/message`, as a member's client does, and posted to their endpoints.
 */
export const SEND = `${MEMBER_API}/payments/message/send`;
export const REPLY = `${MEMBER_API}/payments/message/reply`;
export const REDEEM = `${MEMBER_API}/payments/message/redeem`;
export const ANSWER_REDEMPTION = `${TOKENIZER_API}/transactions/message/redeem`;

/** A 200 answer (the service's financialMessage) or a refusal (the error body, with the RJCT when there is one). */
export type MessageAnswer = Answer<
  Partial<FinancialMessage> & { code?: string; long_message?: string; short_message?: string; timestamp?: number }
>;

export async function paymentHttpNetwork() {
  const network = await usdNetwork();
  const { sim, call, tokens, allowedUsdLine, fund } = network;
  await allowedUsdLine('aa', 'main', 10_000);
  await allowedUsdLine('bb', 'main', 10_000);
  const funded = await fund({
    end_to_end_identification: 'fund-aa',
    funding_amount: 1000,
    issued_asset_code_identification: 'USD',
    member_identification: 'maker-aa',
    tokenizer_identification: 'tokenizer-us',
  });
  if (funded.status !== 200) throw new Error(`test setup: ${JSON.stringify(funded.body)}`);
  await allowMutually(tokens.aa, 'maker-aa', tokens.bb, 'maker-bb');
  const story = paymentStory({
    ofi: 'MAKAGB2L',
    rfi: 'MAKBSGSG',
    issuer: 'tokenizer-us',
    amount: '250.5',
    messageIdentification: 'MAKAGB2L-PAY-0001',
    instruction: 'MAKAGB2L-INSTR-0001',
    endToEnd: 'E2E-0001',
  });

  async function allowMutually(tokenA: string, a: string, tokenB: string, b: string): Promise<void> {
    await call('POST', `${MEMBER_API}/members/allowlist`, tokenA, b);
    await call('POST', `${MEMBER_API}/members/allowlist`, tokenB, a);
  }

  /** The Message of a Document, signed through `POST /sign/message` with `token`'s member's `account` key. */
  async function signed(
    token: string,
    type: MessageTypeName,
    document: string,
    from: string,
    to: string,
    identification: string,
    account = 'main',
  ): Promise<FinancialMessage> {
    const unsigned = financialMessage(type, storyMessage(type, document, from, to, identification));
    const answer = await call<{ payload: string }>('POST', `${MEMBER_API}/sign/message`, token, {
      account_identification: account,
      unsigned_payload: unsigned.financial_message_data,
    });
    if (answer.status !== 200) throw new Error(`test setup: ${JSON.stringify(answer.body)}`);
    return { ...unsigned, financial_message_data: answer.body.payload };
  }

  function post(url: string, token: string, message: Partial<FinancialMessage>): Promise<MessageAnswer> {
    return call('POST', url, token, message);
  }

  /** Reads (and so consumes) a gateway queue: the payloads, oldest first. */
  async function read<T = PaymentQueueMessage>(
    token: string,
    type: 'payment' | 'charge' | 'transactions',
  ): Promise<T[]> {
    const answer = await call<Array<{ response_data: [T] }>>(
      'GET',
      `${MEMBER_API}/gateway/messages?type=${type}`,
      token,
    );
    return answer.body.map((message) => message.response_data[0]);
  }

  function balance(member: string, account = 'main', asset = { code: 'USD', issuer: 'tokenizer-us' }): string {
    const amount = sim.state.ledger.balance(member, account, asset);
    return amount === undefined ? 'none' : formatAmount(amount);
  }

  /** Ledger transactions so far: a refusal must not add a successful one. */
  function movements(): number {
    return sim.state.ledger.transactions().filter((transaction) => transaction.status === 'success').length;
  }

  return { ...network, story, allowMutually, signed, post, read, balance, movements };
}
