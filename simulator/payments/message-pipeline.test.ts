import { test, expect } from '@playwright/test';
import { financialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { textAt } from '../iso20022/xml-dom.ts';
import { redemptionAnswerRoute, replyRoute, sendRoute } from './message-routes.ts';
import { complianceAnswer, creditTransfer, messageXml } from '../../schemas/iso20022/message-builders.ts';
import { paymentDomain, readServiceReport } from '../../test-support/simulator/payment-network.ts';

test('an accepted pacs.008: ACTC to the caller, the payment awaits its answer, the message is relayed with its sender', async () => {
  const { state, callers, story, signed, handle } = await paymentDomain();
  const message = signed('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification);
  const { answer } = handle(callers.aa, sendRoute, message);
  const report = readServiceReport(answer!);
  expect(report).toMatchObject({ status: 'ACTC', to: 'MAKAGB2L' });
  expect(textAt(report.content.body, 'OrgnlGrpInfAndSts/OrgnlMsgId')).toBe(story.messageIdentification);
  expect(state.payments.find('maker-aa', story.messageIdentification, story.instruction)).toMatchObject({
    status: 'awaiting compliance',
    states: [],
  });
  expect(state.gateway.read('maker-bb', 'payment').map((delivered) => delivered.response_data)).toEqual([
    [{ ...message, sender: 'maker-aa' }],
  ]);
  expect(state.gateway.read('maker-aa', 'payment')).toEqual([]);
});

test('a refusal changes nothing, uses up no identifier, and carries the service’s RJCT with the reason', async () => {
  const { state, callers, story, signed, handle } = await paymentDomain();
  const message = signed('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification);
  state.allowlists.remove('maker-bb', 'maker-aa');
  const { refusal } = handle(callers.aa, sendRoute, message);
  expect(refusal).toMatchObject({ code: 'PAYMENT-MESSAGE-REFUSED', status: 400 });
  expect(refusal!.detail).toContain('allowlists');
  const rejection = readServiceReport(
    refusal!.bodyFields as { financial_message_type: string; financial_message_data: string },
  );
  expect(rejection).toMatchObject({ status: 'RJCT', reason: 'AG01', to: 'MAKAGB2L' });
  expect(state.payments.all()).toEqual([]);
  expect(state.gateway.read('maker-bb', 'payment')).toEqual([]);

  state.allowlists.add('maker-bb', 'maker-aa');
  expect(handle(callers.aa, sendRoute, message).answer).toBeDefined();
  expect(handle(callers.aa, sendRoute, message).refusal).toMatchObject({ code: 'ISO-MESSAGE-INVALID', status: 400 });
});

test('a type on the wrong route is refused with FF01 and the types the route takes', async () => {
  const { callers, story, signed, handle } = await paymentDomain();
  const answer = signed(
    'SVC.001.001.01',
    complianceAnswer(story, { messageIdentification: 'MAKBSGSG-CMP-1' }),
    story.rfi,
    story.ofi,
    'MAKBSGSG-CMP-1',
  );
  const { refusal } = handle(callers.bb, sendRoute, answer);
  expect(refusal).toMatchObject({ code: 'PAYMENT-MESSAGE-REFUSED', status: 400 });
  expect(refusal!.detail).toContain(
    'SVC.001.001.01 does not go to POST /payments/message/send, which takes pacs.008.001.08, SVC.002.001.01',
  );
  expect(readServiceReport(refusal!.bodyFields as never).reason).toBe('FF01');
});

test('an unreadable message has the plain error, with no RJCT; the tokenizer’s route refuses everything with 404', async () => {
  const { callers, handle } = await paymentDomain();
  const garbage = { financial_message_type: 'iso20022:pacs.008.001.08', financial_message_data: 'not base64!' };
  const { refusal } = handle(callers.aa, sendRoute, garbage);
  expect(refusal).toMatchObject({ code: 'ISO-MESSAGE-UNREADABLE', status: 400, bodyFields: {} });
  expect(handle(callers.tokenizer, redemptionAnswerRoute, garbage).refusal).toMatchObject({
    code: 'REDEMPTION-ANSWER-REFUSED',
    status: 404,
  });
});

test('the RJCT of an answer names the caller as its receiver, even when AppHdr/Fr is someone else', async () => {
  const { callers, story, signed, handle } = await paymentDomain();
  const message = signed('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification);
  const { refusal } = handle(callers.bb, sendRoute, message);
  expect(refusal!.detail).toContain('the caller is maker-bb');
  expect(readServiceReport(refusal!.bodyFields as never)).toMatchObject({
    status: 'RJCT',
    reason: 'AGNT',
    to: 'MAKBSGSG',
  });
});

test.describe('faults', () => {
  test('message-signature-not-checked: an unsigned message is accepted', async () => {
    const { state, callers, story, handle } = await paymentDomain();
    const unsigned = financialMessage(
      'pacs.008.001.08',
      messageXml('pacs.008.001.08', creditTransfer(story), { from: story.ofi, to: story.rfi }),
    );
    expect(handle(callers.aa, sendRoute, unsigned).refusal?.detail).toContain('not signed');
    state.faults.enable('message-signature-not-checked');
    expect(readServiceReport(handle(callers.aa, sendRoute, unsigned).answer!).status).toBe('ACTC');
    expect(state.payments.all()).toHaveLength(1);
  });

  test('duplicate-message-id-accepted: the same pacs.008 twice makes two payments', async () => {
    const { state, callers, story, signed, handle } = await paymentDomain();
    const message = signed('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification);
    handle(callers.aa, sendRoute, message);
    expect(handle(callers.aa, sendRoute, message).refusal?.detail).toContain('already sent');
    state.faults.enable('duplicate-message-id-accepted');
    expect(handle(callers.aa, sendRoute, message).answer).toBeDefined();
    expect(state.payments.all()).toHaveLength(2);
  });

  test('payment-settles-on-reject: a rejected payment moves its amount', async () => {
    for (const faulty of [false, true]) {
      const { state, callers, story, signed, handle, balance } = await paymentDomain();
      if (faulty) state.faults.enable('payment-settles-on-reject');
      handle(
        callers.aa,
        sendRoute,
        signed('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification),
      );
      const rejection = signed(
        'SVC.001.001.01',
        complianceAnswer(story, {
          messageIdentification: 'CMP-1',
          status: 'RJCT',
          reason: { code: 'AC04', text: 'Account closed' },
        }),
        story.rfi,
        story.ofi,
        'CMP-1',
      );
      expect(handle(callers.bb, replyRoute, rejection).answer).toBeDefined();
      expect(balance('maker-bb')).toBe(faulty ? '250.5000000' : '0.0000000');
    }
  });
});
