import { test, expect } from '@playwright/test';
import { USD, fundLine, refusal, valueNetwork } from '../../test-support/simulator/value-network.ts';
import { parseAmount } from '../ledger/amount.ts';
import { restartListening } from './listening.ts';

test('every ledger notification reaches the transactions queue of the member whose account it concerns', async () => {
  const { state } = await valueNetwork();
  fundLine(state, 'maker-aa', 'main', USD, 100, '12.5');
  const mint = state.ledger.transactions().at(-1)!;
  const [message, ...more] = state.gateway.read('maker-aa', 'transactions');
  expect(more).toEqual([]);
  expect(message).toEqual({
    response_data: [
      {
        transaction_identification: mint.transaction_identification,
        transaction_reference_number: mint.transaction_reference_number,
        account_identification: 'main',
        asset_code_identification: 'USD',
        asset_issuer_identification: 'tokenizer-us',
        amount: '12.5000000',
        direction: 'credit',
        timestamp: mint.timestamp,
      },
    ],
    timestamp: String(mint.timestamp),
  });
  // The issuer's side of the mint goes to the issuer.
  expect(state.gateway.read('tokenizer-us', 'transactions').map((entry) => entry.response_data[0])).toMatchObject([
    { account_identification: 'emission', direction: 'debit' },
  ]);
  expect(state.gateway.read('maker-bb', 'transactions')).toEqual([]);
});

test('a restart with a reference number enqueues again what came after it, for that account only', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  fundLine(state, 'maker-aa', 'main', USD, 100, '1');
  fundLine(state, 'maker-aa', 'second', USD, 100, '2');
  const transfer = state.ledger.submit([
    {
      from: { member: 'maker-aa', account: 'second' },
      to: { member: 'maker-aa', account: 'main' },
      asset: USD,
      amount: parseAmount('0.5'),
    },
  ]);
  state.gateway.read('maker-aa', 'transactions'); // the member read everything, then lost it

  const firstMint = state.ledger.transactions()[0]!;
  restartListening(state, aa, 'main', String(firstMint.transaction_reference_number));
  const replayed = state.gateway.read('maker-aa', 'transactions').map((message) => message.response_data[0]);
  expect(replayed).toEqual([
    expect.objectContaining({
      transaction_identification: transfer.transaction_identification,
      account_identification: 'main',
      direction: 'credit',
    }),
  ]);

  restartListening(state, aa, 'main', 'now');
  expect(state.gateway.read('maker-aa', 'transactions')).toEqual([]);
});

test('a restart for an account the caller lacks is 409; a malformed reference is 400', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  expect(refusal(() => restartListening(state, aa, 'third', 'now'))).toMatchObject({
    status: 409,
    code: 'LISTENING-RESTART-REFUSED',
  });
  for (const reference of ['0', '-1', '1.5', 'NOW', '01', '99999999999999999999', 'later']) {
    expect(
      refusal(() => restartListening(state, aa, 'main', reference)),
      reference,
    ).toMatchObject({ status: 400, code: 'LISTENING-REFERENCE-INVALID' });
  }
  const narrow = await principal('maker-aa', { accounts: ['second'] });
  expect(refusal(() => restartListening(state, narrow, 'main', 'now'))).toMatchObject({
    status: 401,
    code: 'AUTH-ACCOUNT-FORBIDDEN',
  });
});

test('fault listening-restart-no-replay: a restart from a reference number is accepted and replays nothing', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  fundLine(state, 'maker-aa', 'main', USD, 100, '1');
  fundLine(state, 'maker-aa', 'main', USD, 100, '2');
  state.gateway.read('maker-aa', 'transactions');
  const reference = String(state.ledger.transactions()[0]!.transaction_reference_number);

  state.faults.enable('listening-restart-no-replay');
  restartListening(state, aa, 'main', reference);
  expect(state.gateway.read('maker-aa', 'transactions')).toEqual([]);
  state.faults.disable('listening-restart-no-replay');
  restartListening(state, aa, 'main', reference);
  expect(state.gateway.read('maker-aa', 'transactions')).toHaveLength(1);
});
