import { test, expect } from '@playwright/test';
import { USD, fundLine, refusal, valueNetwork } from '../../test-support/simulator/value-network.ts';
import { formatAmount } from '../ledger/amount.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { signPayload } from '../members/signing.ts';
import type { SimState } from '../state.ts';
import type { FundingInfo } from '../../schemas/wire.ts';
import { createFundingInstruction } from './instruction.ts';
import { sendFunding } from './send.ts';

function fundingInfo(overrides: Partial<FundingInfo> = {}): FundingInfo {
  return {
    end_to_end_identification: 'fund-0001',
    funding_amount: 250.75,
    issued_asset_code_identification: 'USD',
    member_identification: 'maker-aa',
    tokenizer_identification: 'tokenizer-us',
    ...overrides,
  };
}

/** maker-aa/main holds an allowed USD line with ceiling 1000. */
async function fundingNetwork() {
  const network = await valueNetwork();
  fundLine(network.state, 'maker-aa', 'main', USD, 1000);
  return { ...network, tokenizer: await network.principal('tokenizer-us') };
}

/** What a tokenizer client does: both signatures with its emission key, through the signing service. */
function sign(state: SimState, info: FundingInfo, unsignedTransaction: string, signer = 'tokenizer-us') {
  const member = state.members.get(signer)!;
  return {
    funding_payload_signature: signPayload(
      member,
      'emission',
      Buffer.from(canonicalJson(info), 'utf8').toString('base64'),
    ),
    signed_funding_transaction: signPayload(member, 'emission', unsignedTransaction),
  };
}

function mainBalance(state: SimState): string {
  return formatAmount(state.ledger.balance('maker-aa', 'main', USD)!);
}

test('instruction: the unsigned transaction is the canonical mint, and the fundingInfo comes back as received', async () => {
  const { state, tokenizer } = await fundingNetwork();
  const info = fundingInfo({ memo_transaction: 'March top-up' });
  const instruction = createFundingInstruction(state, tokenizer, info);
  expect(instruction.funding_payload).toEqual([info]);
  const decoded = Buffer.from(instruction.unsigned_transaction_object, 'base64').toString('utf8');
  expect(decoded).toBe(
    canonicalJson({
      type: 'mint',
      end_to_end_identification: 'fund-0001',
      from: { member: 'tokenizer-us', account: 'emission' },
      to: { member: 'maker-aa', account: 'main' },
      asset: { code: 'USD', issuer: 'tokenizer-us' },
      amount: '250.7500000',
      memo: 'March top-up',
    }),
  );
  expect(state.ledger.transactions()).toEqual([]); // an instruction moves nothing
});

test('instruction: the same e2e id with the same fundingInfo (default account filled) is the same instruction; another body is 400', async () => {
  const { state, tokenizer } = await fundingNetwork();
  const first = createFundingInstruction(state, tokenizer, fundingInfo());
  expect(
    createFundingInstruction(state, tokenizer, fundingInfo({ account_identification: 'main' }))
      .unsigned_transaction_object,
  ).toBe(first.unsigned_transaction_object);
  expect(
    refusal(() => createFundingInstruction(state, tokenizer, fundingInfo({ funding_amount: 250.76 }))),
  ).toMatchObject({
    status: 400,
    code: 'FUNDING-E2E-REUSED',
  });
});

test('instruction refusals: 401 for another tokenizer, 400 for bad amounts, 404 for what cannot be funded', async () => {
  const { state, principal, tokenizer } = await fundingNetwork();
  fundLine(state, 'maker-bb', 'main', USD, 100, '95');
  state.ledger.requestCreditLine('maker-aa', 'second', USD, 1000); // requested, not allowed
  state.members.add({ identification: 'tokenizer-jp', bicfi: 'TOKNJPJT', business_role: 'MIS', country_code: 'JP' });
  const other = await principal('tokenizer-jp');

  expect(refusal(() => createFundingInstruction(state, other, fundingInfo()))).toMatchObject({
    status: 401,
    code: 'AUTH-IDENTITY-MISMATCH',
  });
  for (const funding_amount of [0, -5, 1.00000001]) {
    expect(
      refusal(() => createFundingInstruction(state, tokenizer, fundingInfo({ funding_amount }))),
      String(funding_amount),
    ).toMatchObject({
      status: 400,
      code: 'AMOUNT-INVALID',
    });
  }
  const cannot: Partial<FundingInfo>[] = [
    { issued_asset_code_identification: 'EUR' }, // registered, but for tokenizer-eu
    { member_identification: 'nobody-xx' },
    { member_identification: 'maker-cc' }, // not activated
    { account_identification: 'emission' },
    { account_identification: 'third' },
    { account_identification: 'second' }, // line not allowed
    { member_identification: 'maker-bb', funding_amount: 5.0000001 }, // headroom 5
    { funding_amount: 1000.0000001 },
  ];
  for (const overrides of cannot) {
    expect(
      refusal(() =>
        createFundingInstruction(
          state,
          tokenizer,
          fundingInfo({ ...overrides, end_to_end_identification: JSON.stringify(overrides) }),
        ),
      ),
      JSON.stringify(overrides),
    ).toMatchObject({
      status: 404,
      code: 'FUNDING-INSTRUCTION-REFUSED',
    });
  }
  // Exactly the headroom is fine.
  createFundingInstruction(
    state,
    tokenizer,
    fundingInfo({ member_identification: 'maker-bb', funding_amount: 5, end_to_end_identification: 'fund-bb' }),
  );
});

test('send: valid signatures mint once; the same send again answers the same result and mints nothing', async () => {
  const { state, tokenizer } = await fundingNetwork();
  const info = fundingInfo();
  const instruction = createFundingInstruction(state, tokenizer, info);
  const signatures = sign(state, info, instruction.unsigned_transaction_object);
  const result = sendFunding(state, tokenizer, info, signatures);
  const mint = state.ledger.transactions().at(-1)!;
  expect(result).toEqual({
    funding_payload: [info],
    funding_state: [
      {
        timestamp: mint.timestamp,
        transaction_flow_status: 'Payment settled',
        transaction_identification: mint.transaction_identification,
      },
    ],
  });
  expect(mainBalance(state)).toBe('250.7500000');
  const count = state.ledger.transactions().length;
  expect(sendFunding(state, tokenizer, info, signatures)).toEqual(result);
  expect(state.ledger.transactions()).toHaveLength(count);
  expect(mainBalance(state)).toBe('250.7500000');
});

test('send refusals: no instruction, tampered body, wrong key or swapped signatures are 400 and mint nothing', async () => {
  const { state, tokenizer } = await fundingNetwork();
  const info = fundingInfo();
  const instruction = createFundingInstruction(state, tokenizer, info);
  const good = sign(state, info, instruction.unsigned_transaction_object);
  const wrongKey = sign(state, info, instruction.unsigned_transaction_object, 'tokenizer-eu');
  const tampered = fundingInfo({ funding_amount: 2507.5 });

  expect(
    refusal(() => sendFunding(state, tokenizer, fundingInfo({ end_to_end_identification: 'never' }), good)),
  ).toMatchObject({ status: 400, code: 'FUNDING-NOT-INSTRUCTED' });
  expect(
    refusal(() =>
      sendFunding(state, tokenizer, tampered, sign(state, tampered, instruction.unsigned_transaction_object)),
    ),
  ).toMatchObject({
    status: 400,
    code: 'FUNDING-NOT-INSTRUCTED',
  });
  const invalidSignature = { status: 400, code: 'FUNDING-SIGNATURE-INVALID' };
  expect(refusal(() => sendFunding(state, tokenizer, info, wrongKey))).toMatchObject(invalidSignature);
  expect(
    refusal(() =>
      sendFunding(state, tokenizer, info, { ...good, signed_funding_transaction: wrongKey.signed_funding_transaction }),
    ),
  ).toMatchObject(invalidSignature);
  expect(
    refusal(() =>
      sendFunding(state, tokenizer, info, {
        funding_payload_signature: good.signed_funding_transaction,
        signed_funding_transaction: good.funding_payload_signature,
      }),
    ),
  ).toMatchObject(invalidSignature);
  expect(mainBalance(state)).toBe('0.0000000');
});

test('send: a mint the ledger refuses is 400 FUNDING-FAILED and the instruction can be sent again later', async () => {
  const { state, tokenizer } = await fundingNetwork();
  const info = fundingInfo();
  const instruction = createFundingInstruction(state, tokenizer, info);
  const signatures = sign(state, info, instruction.unsigned_transaction_object);
  state.ledger.revokeCreditLine('maker-aa', 'main', USD);
  const failed = refusal(() => sendFunding(state, tokenizer, info, signatures));
  expect(failed).toMatchObject({ status: 400, code: 'FUNDING-FAILED' });
  expect(failed?.detail).toContain('revoked');
  state.ledger.allowCreditLine('maker-aa', 'main', USD);
  expect(sendFunding(state, tokenizer, info, signatures).funding_state[0].transaction_flow_status).toBe(
    'Payment settled',
  );
  expect(mainBalance(state)).toBe('250.7500000');
});

test('send by another tokenizer is 401', async () => {
  const { state, principal, tokenizer } = await fundingNetwork();
  const info = fundingInfo();
  const instruction = createFundingInstruction(state, tokenizer, info);
  const eu = await principal('tokenizer-eu');
  expect(
    refusal(() => sendFunding(state, eu, info, sign(state, info, instruction.unsigned_transaction_object))),
  ).toMatchObject({
    status: 401,
    code: 'AUTH-IDENTITY-MISMATCH',
  });
});

test.describe('faults', () => {
  test('funding-replay-mints-again: the same send mints its amount a second time', async () => {
    const { state, tokenizer } = await fundingNetwork();
    state.faults.enable('funding-replay-mints-again');
    const info = fundingInfo();
    const signatures = sign(state, info, createFundingInstruction(state, tokenizer, info).unsigned_transaction_object);
    const first = sendFunding(state, tokenizer, info, signatures);
    const second = sendFunding(state, tokenizer, info, signatures);
    expect(second.funding_state[0].transaction_identification).not.toBe(
      first.funding_state[0].transaction_identification,
    );
    expect(mainBalance(state)).toBe('501.5000000');
  });

  test('funding-signature-not-checked: a send with signatures of the wrong key mints', async () => {
    const { state, tokenizer } = await fundingNetwork();
    state.faults.enable('funding-signature-not-checked');
    const info = fundingInfo();
    const instruction = createFundingInstruction(state, tokenizer, info);
    sendFunding(state, tokenizer, info, sign(state, info, instruction.unsigned_transaction_object, 'tokenizer-eu'));
    expect(mainBalance(state)).toBe('250.7500000');
  });

  test('funding-by-other-tokenizer: another tokenizer gets an instruction for the fundingInfo’s tokenizer', async () => {
    const { state, principal } = await fundingNetwork();
    state.faults.enable('funding-by-other-tokenizer');
    const eu = await principal('tokenizer-eu');
    expect(createFundingInstruction(state, eu, fundingInfo()).funding_payload).toEqual([fundingInfo()]);
    state.faults.disable('funding-by-other-tokenizer');
    expect(
      refusal(() => createFundingInstruction(state, eu, fundingInfo({ end_to_end_identification: 'fund-0002' }))),
    ).toMatchObject({ status: 401, code: 'AUTH-IDENTITY-MISMATCH' });
  });
});
