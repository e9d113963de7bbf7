import { test, expect } from '@playwright/test';
import { replyRoute, sendRoute } from './message-routes.ts';
import { cancellationRequest, complianceAnswer, creditTransfer } from '../../schemas/iso20022/message-builders.ts';
import { paymentDomain } from '../../test-support/simulator/payment-network.ts';

/** maker-aa's payment to maker-bb, sent and waiting for its answer. */
async function sent() {
  const network = await paymentDomain();
  const { callers, story, signed, handle } = network;
  handle(
    callers.aa,
    sendRoute,
    signed('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification),
  );
  return network;
}

test('an answer names its payment by OrgnlMsgId and OrgnlInstrId; its other Orgnl* identifiers must be the payment’s', async () => {
  const { callers, story, signed, handle } = await sent();
  const answer = (changes: Partial<typeof story>, identification: string) =>
    handle(
      callers.bb,
      replyRoute,
      signed(
        'SVC.001.001.01',
        complianceAnswer({ ...story, ...changes }, { messageIdentification: identification }),
        story.rfi,
        story.ofi,
        identification,
      ),
    );
  expect(answer({ instruction: 'OTHER' }, 'CMP-1').refusal?.detail).toBe(
    `No payment from maker-aa has message ${story.messageIdentification} and instruction OTHER.`,
  );
  expect(answer({ messageIdentification: 'OTHER' }, 'CMP-2').refusal?.detail).toContain(
    'No payment from maker-aa has message OTHER',
  );
  expect(answer({ uetr: '00000000-0000-4000-8000-000000000000' }, 'CMP-3').refusal?.detail).toContain(
    'OrgnlUETR 00000000-0000-4000-8000-000000000000 is not the one of instruction',
  );
  expect(answer({ endToEnd: 'E2E-OTHER' }, 'CMP-4').refusal?.detail).toContain(
    'OrgnlEndToEndId E2E-OTHER is not the one',
  );
  expect(answer({}, 'CMP-5').answer).toBeDefined();
});

test('only the payment’s own members write about it, each its own kind of message', async () => {
  const network = await sent();
  const { state, callers, story, signed, handle } = network;
  state.members.add({ identification: 'maker-dd', bicfi: 'MAKDFRPP', business_role: 'MMM', country_code: 'FR' });
  state.allowlists.add('maker-dd', 'maker-aa');
  state.allowlists.add('maker-aa', 'maker-dd');
  const dd = await network.principal('maker-dd');
  const third = handle(
    dd,
    replyRoute,
    signed(
      'SVC.001.001.01',
      complianceAnswer({ ...story, rfi: 'MAKDFRPP' }, { messageIdentification: 'CMP-1' }),
      'MAKDFRPP',
      story.ofi,
      'CMP-1',
    ),
  );
  expect(third.refusal?.detail).toBe(`Payment ${story.instruction} went from maker-aa to maker-bb, not to maker-dd.`);
  // The OFI cannot cancel a payment that has not moved value yet, nor answer its own payment.
  expect(
    handle(
      callers.aa,
      sendRoute,
      signed(
        'camt.056.001.08',
        cancellationRequest(story, { messageIdentification: 'CXL-1' }),
        story.ofi,
        story.rfi,
        'CXL-1',
      ),
    ).refusal?.detail,
  ).toContain('which is awaiting compliance');
  const own = handle(
    callers.aa,
    replyRoute,
    signed(
      'SVC.001.001.01',
      complianceAnswer({ ...story, ofi: story.rfi, rfi: story.ofi }, { messageIdentification: 'CMP-2' }),
      story.ofi,
      story.rfi,
      'CMP-2',
    ),
  );
  expect(own.refusal?.detail).toContain('No payment from maker-bb');
});
