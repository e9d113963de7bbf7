import { expect, test } from '@playwright/test';
import { complianceAnswer, storyMessage, unableToApply } from '../../schemas/iso20022/message-builders.ts';
import { parseNetworkFile } from '../network/network-file.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { DeveloperMember, eventually } from '../../test-support/developer-member.ts';
import { paymentStories, readIncoming } from './incoming-message.ts';

/**
 * Investigations (docs/network.md): the spec names camt.026 and camt.087 and defines no answer to
 * either, so an autopilot member that receives one logs it under `investigations` and sends nothing.
 * Here an autopilot OFI pays a member driven by hand, which accepts and then sends a camt.026.
 */
const network = `
autopilot: { delay_ms: 100 }
members:
  - { identification: tokenizer-x, role: tokenizer, country: US, bic: TKNXUS33 }
  - identification: ofi-one
    role: market-maker
    country: GB
    bic: OFIOGB2L
    allowlist: [rfi-hand]
    autopilot: { payments: { to: rfi-hand, every_ms: 1000, amount: 10, currency: USD, issuer: tokenizer-x } }
  - { identification: rfi-hand, role: market-maker, country: SG, bic: RFIHSGSG, allowlist: [ofi-one] }
assets: [{ code: USD, issuer: tokenizer-x }]
credit_lines:
  - { holder: ofi-one, asset: USD, issuer: tokenizer-x, limit: 1000, balance: 1000 }
  - { holder: rfi-hand, asset: USD, issuer: tokenizer-x, limit: 1000 }
`;

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ port: 0, network: parseNetworkFile(network, 'investigations test') });
});
test.afterAll(async () => {
  await sim?.close();
});

test('a camt.026 to an autopilot OFI is logged under investigations, and nothing is sent back', async () => {
  test.setTimeout(120_000);
  const rfi = await DeveloperMember.adopt(sim.url, 'rfi-hand');
  const payment = await eventually(sim.url, 'ofi-one paid', async () => {
    const incoming = (await rfi.readQueue('payment'))
      .map((payload) => readIncoming(payload))
      .find((message) => message?.type === 'pacs.008.001.08');
    return incoming && paymentStories(incoming.content)[0];
  });
  expect(sim.simulator.autopilot!.switch('ofi-one', 'payments', false)).toBe(true);
  const reply = async (
    type: 'SVC.001.001.01' | 'camt.026.001.07',
    route: 'reply' | 'send',
    document: string,
    identification: string,
  ) => {
    const signed = await rfi.signMessage(storyMessage(type, document, rfi.bic, 'OFIOGB2L', identification));
    await rfi.ok('POST', `/payments/message/${route}`, {
      financial_message_type: `iso20022:${type}`,
      financial_message_data: signed,
    });
  };
  const accepted = rfi.newIdentification('CMP');
  await reply(
    'SVC.001.001.01',
    'reply',
    complianceAnswer(payment, { messageIdentification: accepted, status: 'ACTC' }),
    accepted,
  );
  const investigation = rfi.newIdentification('UTA');
  await reply(
    'camt.026.001.07',
    'send',
    unableToApply(payment, { messageIdentification: investigation }),
    investigation,
  );

  const logged = await eventually(sim.url, 'ofi-one read the camt.026', async () =>
    sim.simulator.state.activity
      .list(0)
      .find((entry) => entry.kind === 'autopilot' && entry.member === 'ofi-one' && entry.rule === 'investigations'),
  );
  expect(logged).toMatchObject({
    outcome: 'skipped',
    action: `read the camt.026 of rfi-hand about ${payment.instruction}`,
    detail: 'the spec defines no answer to it',
  });
  await sim.simulator.autopilot!.idle();
  // ofi-one answered nothing (payments it sent before its traffic was switched off may still be there).
  const answers = (await rfi.readQueue('payment'))
    .map((payload) => readIncoming(payload)?.type)
    .filter((type) => type !== 'pacs.008.001.08');
  expect(answers).toEqual([]);
});
