/**
 * An autopilot tokenizer (rules.tokenizer): it allows every DSA credit line requested of it
 * (`credit_lines: allow`), mints its opening amount into a line the first time it allows it, and answers
 * each redemption (pacs.009 on its `payment` queue) with a pacs.002 — ACSC with the amount, which burns
 * it, or RJCT — signed with its default account's key and posted on the tokenizer's
 * `POST /transactions/message/redeem`. The spec gives a tokenizer no message for a credit-line request:
 * the autopilot learns of one from the service's record of calls, as a tokenizer's operator would from
 * its portal.
 */
import { redemptionAnswer, storyMessage } from '../../schemas/iso20022/message-builders.ts';
import { financialMessageType } from '../../schemas/iso20022/message-types.ts';
import type { MessageContent } from '../iso20022/message-content.ts';
import { operatingAccounts } from '../members/registry.ts';
import { redemptionStories } from './incoming-message.ts';
import type { Pilot } from './pilot.ts';
import type { TokenizerRules } from './rules.ts';
import { allowDsaLine, fund } from './value-calls.ts';

export interface LineRequest {
  holder: string;
  account: string;
  code: string;
  limit: number;
}

export async function answerLineRequest(pilot: Pilot, rules: TokenizerRules, request: LineRequest): Promise<void> {
  const line = `${request.code} line of ${request.holder} on ${request.account}`;
  if (rules.credit_lines !== 'allow') {
    pilot.log('tokenizer.credit_lines', `leave the ${line} waiting`, 'skipped', 'credit_lines: ignore');
    return;
  }
  await allowDsaLine(pilot.api, request.holder, request.account, request.code);
  pilot.log('tokenizer.credit_lines', `allow the ${line}`, 'done', `credit_lines: allow (limit ${request.limit})`);
  const funded = `funded:${request.holder}|${request.account}|${request.code}`;
  const opening = Math.min(rules.opening_amount ?? 0, request.limit);
  if (opening <= 0 || pilot.memory.has(funded)) return;
  pilot.memory.set(funded, true);
  await fund(pilot.api, request.holder, request.account, request.code, opening);
  pilot.log(
    'tokenizer.opening_amount',
    `fund the ${line} with ${opening}`,
    'done',
    `opening_amount ${rules.opening_amount}, at most the line's limit`,
  );
}

export async function answerRedemptions(pilot: Pilot, rules: TokenizerRules, message: MessageContent): Promise<void> {
  const account = operatingAccounts(pilot.member)[0]?.identification ?? 'emission';
  for (const story of redemptionStories(message)) {
    const accept = (rules.redemptions ?? 'accept') === 'accept';
    const identification = pilot.newIdentification('RDA');
    const document = redemptionAnswer(story, {
      messageIdentification: identification,
      status: accept ? 'ACSC' : 'RJCT',
    });
    const signed = await pilot.api.signMessage(
      account,
      storyMessage('pacs.002.001.10', document, story.tokenizerBic, story.member, identification),
    );
    await pilot.api.request('tokenizer.answerRedemption', {
      body: { financial_message_type: financialMessageType('pacs.002.001.10'), financial_message_data: signed },
    });
    pilot.log(
      'tokenizer.redemptions',
      `${accept ? 'accept' : 'reject'} redemption ${story.instruction}`,
      'done',
      `${story.amount} ${story.currency}: redemptions: ${rules.redemptions ?? 'accept'}`,
    );
  }
}
