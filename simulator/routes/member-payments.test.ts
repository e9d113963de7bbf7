import { test, expect } from '@playwright/test';
import { schemaRef, type ResourceName } from '../../schemas/resources.ts';
import { validate } from '../../schemas/validators.ts';
import { financialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { textAt } from '../iso20022/xml-dom.ts';
import {
  cancellationRequest,
  cancellationResolution,
  complianceAnswer,
  creditTransfer,
  modificationRequest,
  obligationNotice,
  paymentReturn,
  paymentStory,
  storyMessage,
  unableToApply,
  type PaymentStory,
} from '../../schemas/iso20022/message-builders.ts';
import { readServiceReport } from '../../test-support/simulator/payment-network.ts';
import {
  REPLY,
  SEND,
  paymentHttpNetwork,
  type MessageAnswer,
} from '../../test-support/simulator/payment-app-client.ts';
import { MEMBER_API } from '../../test-support/simulator/app-client.ts';

/**
 * The payment endpoints through the app (semantics §11, §12): the life cycles of a DSA and a DSO
 * payment, rejection, cancellation, investigations, and every refusal, with the gateway deliveries and
 * the balances they leave. Every message of the service is read back against the official XSDs.
 */

type Network = Awaited<ReturnType<typeof paymentHttpNetwork>>;

function conforms(resource: ResourceName, value: unknown): void {
  expect(validate(schemaRef(resource), value)).toEqual({ valid: true });
}

/** A 200 answer: the service's ACTC about `messageIdentification`. */
function expectAccepted(answer: MessageAnswer, messageIdentification: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  conforms('financialMessage', answer.body);
  const report = readServiceReport(answer.body as never);
  expect(report.status).toBe('ACTC');
  expect(textAt(report.content.body, 'OrgnlGrpInfAndSts/OrgnlMsgId')).toBe(messageIdentification);
}

/** A 400 whose body is the error object and also the RJCT, with `reason`. */
function expectRefused(answer: MessageAnswer, reason: string, code = 'PAYMENT-MESSAGE-REFUSED'): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.code).toBe(code);
  conforms('error', answer.body);
  conforms('financialMessage', answer.body);
  expect(readServiceReport(answer.body as never)).toMatchObject({ status: 'RJCT', reason });
}

/** maker-aa pays, maker-bb receives: the pacs.008 sent and accepted. */
async function sendPayment(network: Network, story: PaymentStory = network.story, options = {}): Promise<void> {
  const { tokens, signed, post } = network;
  const message = await signed(
    tokens.aa,
    'pacs.008.001.08',
    creditTransfer(story, options),
    story.ofi,
    story.rfi,
    story.messageIdentification,
  );
  expectAccepted(await post(SEND, tokens.aa, message), story.messageIdentification);
}

/** maker-bb's SVC.001 for the story's payment. */
async function answerPayment(
  network: Network,
  identification: string,
  options: Omit<Parameters<typeof complianceAnswer>[1], 'messageIdentification'> = {},
  story = network.story,
): Promise<MessageAnswer> {
  const { tokens, signed, post } = network;
  return post(
    REPLY,
    tokens.bb,
    await signed(
      tokens.bb,
      'SVC.001.001.01',
      complianceAnswer(story, { messageIdentification: identification, ...options }),
      story.rfi,
      story.ofi,
      identification,
    ),
  );
}

async function transactions(network: Network, token: string, query: string) {
  return network.call<
    Array<{
      transaction_info: unknown[];
      transaction_state: Array<{ transaction_flow_status: string; transaction_identification: string }>;
    }>
  >('GET', `${MEMBER_API}/transactions?${query}`, token);
}

test('a DSA payment: pacs.008, SVC.001 ACTC, settlement at once, pacs.002 ACSC, a transaction record for both members', async () => {
  const network = await paymentHttpNetwork();
  const { tokens, story, read, balance } = network;
  await sendPayment(network, story, { creditorFee: '2.5' });
  const [delivered, ...others] = await read(tokens.bb, 'payment');
  expect(others).toEqual([]);
  expect(delivered).toMatchObject({ financial_message_type: 'iso20022:pacs.008.001.08', sender: 'maker-aa' });
  expect(Buffer.from(delivered!.financial_message_data, 'base64').toString('utf8')).toContain(
    `<InstrId>${story.instruction}</InstrId>`,
  );
  expect(balance('maker-aa')).toBe('1000.0000000');

  expectAccepted(await answerPayment(network, 'MAKBSGSG-CMP-0001'), 'MAKBSGSG-CMP-0001');
  expect([balance('maker-aa'), balance('maker-bb')]).toEqual(['749.5000000', '250.5000000']);
  const [relayed, settled] = await read(tokens.aa, 'payment');
  expect(relayed).toMatchObject({ financial_message_type: 'iso20022:SVC.001.001.01', sender: 'maker-bb' });
  expect(settled).not.toHaveProperty('sender');
  const report = readServiceReport(settled!);
  expect(report).toMatchObject({ status: 'ACSC', to: 'MAKAGB2L' });
  expect(report.content.transactions[0]?.original).toMatchObject({
    messageIdentification: story.messageIdentification,
    instructionIdentification: story.instruction,
    endToEndIdentification: story.endToEnd,
    uetr: story.uetr,
  });

  const found = await transactions(
    network,
    tokens.bb,
    `data_type=INSTRUCTION_IDENTIFICATION&data_id=${story.instruction}`,
  );
  expect(found.status).toBe(200);
  for (const record of found.body) conforms('transaction', record);
  expect(found.body).toEqual([
    {
      transaction_info: [
        {
          creditor_fee: [
            {
              fee_amount: 2.5,
              fee_asset: [
                {
                  asset_code_identification: 'USD',
                  asset_group_identification: 'DSA',
                  asset_issuer_identification: 'tokenizer-us',
                },
              ],
            },
          ],
          instructed_amount: 250.5,
          instructed_currency_code: 'USD',
          instructed_member_identification: 'maker-bb',
          instructing_member_identification: 'maker-aa',
          interbank_settlement_amount: 250.5,
          interbank_settlement_asset: [
            {
              asset_code_identification: 'USD',
              asset_group_identification: 'DSA',
              asset_issuer_identification: 'tokenizer-us',
            },
          ],
          interbank_settlement_method: 'DSA',
        },
      ],
      transaction_state: [
        {
          timestamp: expect.any(Number),
          transaction_flow_status: 'Payment settled',
          transaction_identification: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      ],
    },
  ]);
  const hash = found.body[0]!.transaction_state[0]!.transaction_identification;
  expect(
    (await read<{ transaction_identification: string }>(tokens.bb, 'transactions')).map(
      (notice) => notice.transaction_identification,
    ),
  ).toContain(hash);
  expect((await transactions(network, tokens.aa, `data_type=TRANSACTION_IDENTIFICATION&data_id=${hash}`)).body).toEqual(
    found.body,
  );
  expect(
    (await transactions(network, tokens.tokenizer, `data_type=TRANSACTION_IDENTIFICATION&data_id=${hash}`)).status,
  ).toBe(404);
});

test('a rejected payment: the OFI gets the RFI’s reason in a pacs.002 RJCT, nothing moves, and it cannot be answered again', async () => {
  const network = await paymentHttpNetwork();
  const { tokens, read, balance, movements, story } = network;
  await sendPayment(network);
  const before = movements();
  expectAccepted(
    await answerPayment(network, 'MAKBSGSG-CMP-0001', {
      status: 'RJCT',
      reason: { code: 'AC04', text: 'Creditor account closed' },
    }),
    'MAKBSGSG-CMP-0001',
  );
  expect(movements()).toBe(before);
  expect([balance('maker-aa'), balance('maker-bb')]).toEqual(['1000.0000000', '0.0000000']);
  const [relayed, rejected] = await read(tokens.aa, 'payment');
  expect(relayed?.financial_message_type).toBe('iso20022:SVC.001.001.01');
  const report = readServiceReport(rejected!);
  expect(report).toMatchObject({ status: 'RJCT', reason: 'AC04' });
  expect(textAt(report.content.body, 'OrgnlGrpInfAndSts/StsRsnInf/AddtlInf')).toBe('Creditor account closed');
  expectRefused(await answerPayment(network, 'MAKBSGSG-CMP-0002'), 'NARR');
  expect(
    (await transactions(network, tokens.aa, `data_type=INSTRUCTION_IDENTIFICATION&data_id=${story.instruction}`))
      .status,
  ).toBe(404);
});

test('an accepted payment the ledger refuses: the reply still answers 200, the OFI gets a RJCT with the ledger’s reason, nothing moves', async () => {
  const network = await paymentHttpNetwork();
  const { tokens, story, read, balance } = network;
  await sendPayment(network, { ...story, amount: '1500' });
  expectAccepted(
    await answerPayment(network, 'MAKBSGSG-CMP-0001', {}, { ...story, amount: '1500' }),
    'MAKBSGSG-CMP-0001',
  );
  expect([balance('maker-aa'), balance('maker-bb')]).toEqual(['1000.0000000', '0.0000000']);
  const [, rejected] = await read(tokens.aa, 'payment');
  const report = readServiceReport(rejected!);
  expect(report).toMatchObject({ status: 'RJCT', reason: 'AM04' });
  expect(textAt(report.content.body, 'OrgnlGrpInfAndSts/StsRsnInf/AddtlInf')).toContain('holds 1000.0000000 USD');
  expectRefused(await answerPayment(network, 'MAKBSGSG-CMP-0002', {}, { ...story, amount: '1500' }), 'NARR');
});

test('a DSO payment to its end: cleared into the RFI’s emission, SVC.002, then pacs.004 returns the DSO to its issuer', async () => {
  const network = await paymentHttpNetwork();
  const { call, tokens, signed, post, read, balance } = network;
  const usddso = { code: 'USDDSO', issuer: 'maker-aa' };
  expect(
    (
      await call(
        'POST',
        `${MEMBER_API}/settlement-instruments?asset_code_identification=USDDSO&asset_group_identification=DSO`,
        tokens.aa,
      )
    ).status,
  ).toBe(200);
  const line = { account_identification: 'emission', asset_code_identification: 'USDDSO' };
  expect(
    (
      await call('POST', `${MEMBER_API}/settlement-instruments/credit-line`, tokens.bb, {
        ...line,
        credit_line_state: 'request',
        member_identification: 'maker-aa',
        maximum_credit_limit: 5000,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call('POST', `${MEMBER_API}/settlement-instruments/credit-line`, tokens.aa, {
        ...line,
        credit_line_state: 'allow',
        member_identification: 'maker-bb',
      })
    ).status,
  ).toBe(200);
  const story = paymentStory({ ...network.story, method: 'DSO', issuer: 'maker-aa' });

  await sendPayment(network, story);
  expectAccepted(
    await answerPayment(network, 'MAKBSGSG-CMP-0001', { creditAccount: 'emission' }, story),
    'MAKBSGSG-CMP-0001',
  );
  expect(balance('maker-bb', 'emission', usddso)).toBe('250.5000000');
  expect((await call('GET', `${MEMBER_API}/settlement-obligations`, tokens.aa)).body).toMatchObject([
    { asset_code_identification: 'USDDSO', balance: '250.5000000' },
  ]);
  const statusOf = async () =>
    (
      await transactions(network, tokens.aa, `data_type=INSTRUCTION_IDENTIFICATION&data_id=${story.instruction}`)
    ).body[0]!.transaction_state.map((state) => state.transaction_flow_status);
  expect(await statusOf()).toEqual(['Payment cleared']);
  expect(readServiceReport((await read(tokens.aa, 'payment'))[1]!).status).toBe('ACSC');

  const returned = () =>
    signed(
      tokens.bb,
      'pacs.004.001.09',
      paymentReturn(story, { messageIdentification: 'MAKBSGSG-RTR-0001', reason: 'NARR' }),
      story.rfi,
      story.ofi,
      'MAKBSGSG-RTR-0001',
      'emission',
    );
  expectRefused(await post(REPLY, tokens.bb, await returned()), 'NARR');
  const notice = (identification: string) =>
    signed(
      tokens.aa,
      'SVC.002.001.01',
      obligationNotice(story, { messageIdentification: identification }),
      story.ofi,
      story.rfi,
      identification,
    );
  expectRefused(
    await post(
      SEND,
      tokens.aa,
      await signed(
        tokens.aa,
        'SVC.002.001.01',
        obligationNotice(story, { messageIdentification: 'MAKAGB2L-OSN-0000', amount: '250' }),
        story.ofi,
        story.rfi,
        'MAKAGB2L-OSN-0000',
      ),
    ),
    'AM09',
  );
  expectAccepted(await post(SEND, tokens.aa, await notice('MAKAGB2L-OSN-0001')), 'MAKAGB2L-OSN-0001');
  expectRefused(await post(SEND, tokens.aa, await notice('MAKAGB2L-OSN-0002')), 'NARR');
  expect((await read(tokens.bb, 'payment')).map((message) => message.financial_message_type)).toEqual([
    'iso20022:pacs.008.001.08',
    'iso20022:SVC.002.001.01',
  ]);

  expectAccepted(await post(REPLY, tokens.bb, await returned()), 'MAKBSGSG-RTR-0001');
  expect(balance('maker-bb', 'emission', usddso)).toBe('0.0000000');
  expect(await statusOf()).toEqual(['Payment cleared', 'Payment settled']);
  expect((await read(tokens.aa, 'payment')).map((message) => [message.financial_message_type, message.sender])).toEqual(
    [['iso20022:pacs.004.001.09', 'maker-bb']],
  );
});

test.describe('cancellation after settlement', () => {
  async function settled() {
    const network = await paymentHttpNetwork();
    await sendPayment(network);
    expectAccepted(await answerPayment(network, 'MAKBSGSG-CMP-0001'), 'MAKBSGSG-CMP-0001');
    const { tokens, story, signed } = network;
    const request = (identification: string) =>
      signed(
        tokens.aa,
        'camt.056.001.08',
        cancellationRequest(story, { messageIdentification: identification }),
        story.ofi,
        story.rfi,
        identification,
      );
    const refund = (identification: string) =>
      signed(
        tokens.bb,
        'pacs.004.001.09',
        paymentReturn(story, { messageIdentification: identification }),
        story.rfi,
        story.ofi,
        identification,
      );
    const rejection = (identification: string) =>
      signed(
        tokens.bb,
        'camt.029.001.09',
        cancellationResolution(story, { messageIdentification: identification }),
        story.rfi,
        story.ofi,
        identification,
      );
    return { ...network, request, refund, rejection };
  }

  test('camt.056 then pacs.004: the refund moves the amount back and the payment is returned', async () => {
    const network = await settled();
    const { tokens, post, read, balance, request, refund, rejection, story } = network;
    expectRefused(await post(REPLY, tokens.bb, await refund('MAKBSGSG-RTR-0001')), 'NARR');
    expectRefused(await post(REPLY, tokens.bb, await rejection('MAKBSGSG-RSL-0001')), 'NARR');
    expectAccepted(await post(SEND, tokens.aa, await request('MAKAGB2L-CXL-0001')), 'MAKAGB2L-CXL-0001');
    expectRefused(await post(SEND, tokens.aa, await request('MAKAGB2L-CXL-0002')), 'NARR');
    expect((await read(tokens.bb, 'payment')).map((message) => message.financial_message_type)).toContain(
      'iso20022:camt.056.001.08',
    );
    expectAccepted(await post(REPLY, tokens.bb, await refund('MAKBSGSG-RTR-0002')), 'MAKBSGSG-RTR-0002');
    expect([balance('maker-aa'), balance('maker-bb')]).toEqual(['1000.0000000', '0.0000000']);
    const record = (
      await transactions(network, tokens.aa, `data_type=INSTRUCTION_IDENTIFICATION&data_id=${story.instruction}`)
    ).body[0]!;
    expect(record.transaction_state.map((state) => state.transaction_flow_status)).toEqual([
      'Payment settled',
      'Payment returned',
    ]);
    const refundHash = record.transaction_state[1]!.transaction_identification;
    expect(
      (await transactions(network, tokens.bb, `data_type=TRANSACTION_IDENTIFICATION&data_id=${refundHash}`)).body,
    ).toEqual([record]);
    expectRefused(await post(SEND, tokens.aa, await request('MAKAGB2L-CXL-0003')), 'NARR');
  });

  test('camt.056 then camt.029 RJCR: relayed, nothing moves, and no refund can follow', async () => {
    const { tokens, post, read, balance, movements, request, refund, rejection, signed, story } = await settled();
    expectAccepted(await post(SEND, tokens.aa, await request('MAKAGB2L-CXL-0001')), 'MAKAGB2L-CXL-0001');
    const before = movements();
    const accepting = await signed(
      tokens.bb,
      'camt.029.001.09',
      cancellationResolution(story, { messageIdentification: 'MAKBSGSG-RSL-0000', status: 'ACCR' }),
      story.rfi,
      story.ofi,
      'MAKBSGSG-RSL-0000',
    );
    expectRefused(await post(REPLY, tokens.bb, accepting), 'NARR');
    expectAccepted(await post(REPLY, tokens.bb, await rejection('MAKBSGSG-RSL-0001')), 'MAKBSGSG-RSL-0001');
    expect(movements()).toBe(before);
    expect([balance('maker-aa'), balance('maker-bb')]).toEqual(['749.5000000', '250.5000000']);
    expect((await read(tokens.aa, 'payment')).at(-1)).toMatchObject({
      financial_message_type: 'iso20022:camt.029.001.09',
      sender: 'maker-bb',
    });
    expectRefused(await post(REPLY, tokens.bb, await refund('MAKBSGSG-RTR-0001')), 'NARR');
  });
});

test('camt.026 and camt.087 move nothing and are relayed; a camt.087 needs a camt.026 first', async () => {
  const network = await paymentHttpNetwork();
  const { tokens, story, signed, post, read, movements } = network;
  await sendPayment(network);
  const before = movements();
  const modification = (identification: string) =>
    signed(
      tokens.aa,
      'camt.087.001.06',
      modificationRequest(story, { messageIdentification: identification }),
      story.ofi,
      story.rfi,
      identification,
    );
  expectRefused(await post(SEND, tokens.aa, await modification('MAKAGB2L-MOD-0001')), 'NARR');
  const unable = await signed(
    tokens.bb,
    'camt.026.001.07',
    unableToApply(story, { messageIdentification: 'MAKBSGSG-UTA-0001' }),
    story.rfi,
    story.ofi,
    'MAKBSGSG-UTA-0001',
  );
  expectAccepted(await post(SEND, tokens.bb, unable), 'MAKBSGSG-UTA-0001');
  expectAccepted(await post(SEND, tokens.aa, await modification('MAKAGB2L-MOD-0002')), 'MAKAGB2L-MOD-0002');
  expect(movements()).toBe(before);
  expect((await read(tokens.aa, 'payment')).map((message) => [message.financial_message_type, message.sender])).toEqual(
    [['iso20022:camt.026.001.07', 'maker-bb']],
  );
  expect((await read(tokens.bb, 'payment')).map((message) => message.financial_message_type)).toEqual([
    'iso20022:pacs.008.001.08',
    'iso20022:camt.087.001.06',
  ]);
});

test.describe('refusals: 400, nothing moves, nothing is delivered', () => {
  test('wrong route, not the sender, unknown or inactive receiver, no mutual allowlist, unregistered instrument', async () => {
    const network = await paymentHttpNetwork();
    const { call, tokens, story, signed, post, read, movements, addMember } = network;
    const payment = () =>
      signed(tokens.aa, 'pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification);
    const before = movements();
    // A type the route does not take breaks the body's enum (the document lists each route's types):
    // a plain 400, before the message is read, so no pacs.002 comes with it.
    expect(await post(REPLY, tokens.aa, await payment())).toMatchObject({
      status: 400,
      body: { code: 'REQUEST-INVALID' },
    });
    expectRefused(await post(SEND, tokens.bb, await payment()), 'AGNT');
    expectRefused(
      await post(
        SEND,
        tokens.aa,
        await signed(
          tokens.aa,
          'pacs.008.001.08',
          creditTransfer({ ...story, rfi: 'NOBODY22' }),
          story.ofi,
          'NOBODY22',
          story.messageIdentification,
        ),
      ),
      'AGNT',
      'ISO-MESSAGE-INVALID',
    );
    const otherIssuer = { ...story, issuer: 'maker-bb' };
    expectRefused(
      await post(
        SEND,
        tokens.aa,
        await signed(
          tokens.aa,
          'pacs.008.001.08',
          creditTransfer(otherIssuer),
          story.ofi,
          story.rfi,
          story.messageIdentification,
        ),
      ),
      'AG03',
    );

    const inactive = await addMember('maker-cc', 'MMM', 'MAKCKENA');
    await network.allowMutually(tokens.aa, 'maker-aa', inactive, 'maker-cc');
    network.sim.state.members.setState('maker-cc', 'created');
    const toInactive = await post(
      SEND,
      tokens.aa,
      await signed(
        tokens.aa,
        'pacs.008.001.08',
        creditTransfer({ ...story, rfi: 'MAKCKENA' }),
        story.ofi,
        'MAKCKENA',
        story.messageIdentification,
      ),
    );
    expectRefused(toInactive, 'AGNT');
    expect(toInactive.body.long_message).toContain('created, not activated');

    await call('DELETE', `${MEMBER_API}/members/allowlist`, tokens.bb, 'maker-aa');
    expectRefused(await post(SEND, tokens.aa, await payment()), 'AG01');
    expect(movements()).toBe(before);
    expect(await read(tokens.bb, 'payment')).toEqual([]);
    await call('POST', `${MEMBER_API}/members/allowlist`, tokens.bb, 'maker-aa');
    expectAccepted(await post(SEND, tokens.aa, await payment()), story.messageIdentification);
  });

  test('duplicate identifiers, a message altered after signing, another member’s key, no signature, garbage', async () => {
    const network = await paymentHttpNetwork();
    const { tokens, story, signed, post, read } = network;
    const payment = await signed(
      tokens.aa,
      'pacs.008.001.08',
      creditTransfer(story),
      story.ofi,
      story.rfi,
      story.messageIdentification,
    );
    expectAccepted(await post(SEND, tokens.aa, payment), story.messageIdentification);
    expectRefused(await post(SEND, tokens.aa, payment), 'DU01', 'ISO-MESSAGE-INVALID');
    const renamed = { ...story, messageIdentification: 'MAKAGB2L-PAY-0002' };
    expectRefused(
      await post(
        SEND,
        tokens.aa,
        await signed(tokens.aa, 'pacs.008.001.08', creditTransfer(renamed), story.ofi, story.rfi, 'MAKAGB2L-PAY-0002'),
      ),
      'DU05',
      'ISO-MESSAGE-INVALID',
    );

    const fresh = { ...story, messageIdentification: 'MAKAGB2L-PAY-0003', instruction: 'MAKAGB2L-INSTR-0003' };
    const good = await signed(
      tokens.aa,
      'pacs.008.001.08',
      creditTransfer(fresh),
      story.ofi,
      story.rfi,
      fresh.messageIdentification,
    );
    const xml = Buffer.from(good.financial_message_data, 'base64').toString('utf8');
    const altered = {
      ...good,
      financial_message_data: Buffer.from(xml.replace('>250.5<', '>2500.5<'), 'utf8').toString('base64'),
    };
    expectRefused(await post(SEND, tokens.aa, altered), 'DS0B', 'ISO-MESSAGE-INVALID');
    const foreign = await signed(
      tokens.bb,
      'pacs.008.001.08',
      creditTransfer(fresh),
      story.ofi,
      story.rfi,
      fresh.messageIdentification,
    );
    expectRefused(await post(SEND, tokens.aa, foreign), 'DS0H', 'ISO-MESSAGE-INVALID');
    expectRefused(
      await post(
        SEND,
        tokens.aa,
        financialMessage(
          'pacs.008.001.08',
          storyMessage('pacs.008.001.08', creditTransfer(fresh), story.ofi, story.rfi, 'X'),
        ),
      ),
      'DS0A',
      'ISO-MESSAGE-INVALID',
    );

    const garbage = await post(SEND, tokens.aa, {
      financial_message_type: 'iso20022:pacs.008.001.08',
      financial_message_data: Buffer.from('not XML at all', 'utf8').toString('base64'),
    });
    expect(garbage).toMatchObject({ status: 400, body: { code: 'ISO-MESSAGE-UNREADABLE' } });
    expect(garbage.body).not.toHaveProperty('financial_message_data');
    expect(
      (
        await post(SEND, tokens.aa, {
          financial_message_type: 'iso20022:MT103',
          financial_message_data: good.financial_message_data,
        })
      ).status,
    ).toBe(400);
    expect((await read(tokens.bb, 'payment')).map((message) => message.financial_message_type)).toEqual([
      'iso20022:pacs.008.001.08',
    ]);
    expectAccepted(await post(SEND, tokens.aa, good), fresh.messageIdentification);
  });
});

test.describe('charges', () => {
  const usd = {
    asset_code_identification: 'USD',
    asset_group_identification: 'DSA',
    asset_issuer_identification: 'tokenizer-us',
  };
  const request = {
    instructed_currency_code: 'USD',
    instructed_net_amount: 250,
    interbank_settlement_instrument: [usd],
    member_identification: 'maker-aa',
    request_uuid: '0b7f6f0a-8c4e-4b6e-9c1a-3f2d5e7a9b10',
  };
  const answer = {
    fee_amount: 2.5,
    instructed_amount: 250,
    instructed_currency_code: 'USD',
    interbank_settlement_amount_without_fee: 250,
    interbank_settlement_instrument: [usd],
    request_uuid: request.request_uuid,
  };

  test('a request reaches the instructed member; the answer reaches the originator and closes it', async () => {
    const { call, tokens, read } = await paymentHttpNetwork();
    expect(await call('POST', `${MEMBER_API}/charges/request/maker-bb`, tokens.aa, request)).toEqual({
      status: 200,
      body: {},
    });
    expect(await read(tokens.bb, 'charge')).toEqual([{ ...request, sender: 'maker-aa' }]);
    expect(
      (
        await call('POST', `${MEMBER_API}/charges/response/maker-aa`, tokens.bb, {
          ...answer,
          instructed_amount: 247.5,
        })
      ).body,
    ).toMatchObject({ code: 'CHARGE-ANSWER-MISMATCH' });
    expect(await call('POST', `${MEMBER_API}/charges/response/maker-aa`, tokens.bb, answer)).toEqual({
      status: 200,
      body: {},
    });
    expect(await read(tokens.aa, 'charge')).toEqual([{ ...answer, sender: 'maker-bb' }]);
    expect((await call('POST', `${MEMBER_API}/charges/response/maker-aa`, tokens.bb, answer)).status).toBe(409);
  });

  test('refusals: 400 for a bad request, 409 for an answer to no open request', async () => {
    const { call, tokens } = await paymentHttpNetwork();
    const ask = (body: object, to = 'maker-bb', token = tokens.aa) =>
      call<{ code: string }>('POST', `${MEMBER_API}/charges/request/${to}`, token, body);
    expect((await ask({ ...request, member_identification: 'maker-bb' })).body.code).toBe('CHARGE-REQUEST-INVALID');
    // Neither amount breaks the schema's oneOf (issue 11, example 15).
    expect((await ask({ ...request, instructed_net_amount: undefined })).body.code).toBe('REQUEST-INVALID');
    expect((await ask({ ...request, interbank_settlement_gross_amount: 260 })).status).toBe(400);
    expect((await ask(request, 'nobody-xx')).body.code).toBe('CHARGE-REQUEST-INVALID');
    expect((await ask(request)).status).toBe(200);
    expect((await ask(request)).body.code).toBe('CHARGE-REQUEST-INVALID');
    expect(
      (await call<{ code: string }>('POST', `${MEMBER_API}/charges/response/maker-aa`, tokens.tokenizer, answer)).body
        .code,
    ).toBe('CHARGE-ANSWER-UNSOLICITED');
    expect((await call('POST', `${MEMBER_API}/charges/response/nobody-xx`, tokens.bb, answer)).status).toBe(409);
  });
});

test('the transactions query: by dates, in pages; 400 for an incomplete query or a page size above 100, 404 for nothing or past the last page', async () => {
  const network = await paymentHttpNetwork();
  const { tokens } = network;
  await sendPayment(network);
  expectAccepted(await answerPayment(network, 'MAKBSGSG-CMP-0001'), 'MAKBSGSG-CMP-0001');
  const today = new Date(network.sim.state.clock.now()).toISOString().slice(0, 10);
  expect(
    (await transactions(network, tokens.aa, `data_type=DATE_INTERVAL&start_date=${today}&finish_date=${today}`)).body,
  ).toHaveLength(1);
  expect(
    (
      await transactions(
        network,
        tokens.aa,
        `data_type=DATE_INTERVAL&start_date=${today}&finish_date=${today}&maximum_transaction_count=1&target_page_number=1`,
      )
    ).body,
  ).toHaveLength(1);
  expect(
    (
      await transactions(
        network,
        tokens.aa,
        `data_type=DATE_INTERVAL&start_date=${today}&finish_date=${today}&maximum_transaction_count=1&target_page_number=2`,
      )
    ).status,
  ).toBe(404);
  expect((await transactions(network, tokens.aa, `data_type=DATE_INTERVAL&start_date=${today}`)).status).toBe(400);
  expect((await transactions(network, tokens.aa, 'data_type=INSTRUCTION_IDENTIFICATION')).status).toBe(400);
  expect(
    (
      await transactions(
        network,
        tokens.aa,
        'data_type=INSTRUCTION_IDENTIFICATION&data_id=x&maximum_transaction_count=101',
      )
    ).status,
  ).toBe(400);
  expect((await transactions(network, tokens.aa, 'data_type=INSTRUCTION_IDENTIFICATION&data_id=unknown')).status).toBe(
    404,
  );
  expect((await transactions(network, tokens.aa, 'data_type=EVERYTHING')).status).toBe(400);
});
