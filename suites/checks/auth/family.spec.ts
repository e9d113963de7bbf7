import { endpoints } from '../../../schemas/endpoints.ts';
import { test } from '../../runtime/fixtures.ts';
import { check, expectStatus } from '../../runtime/check.ts';
import { callEndpoints, subjectsOf } from './endpoint-calls.ts';
import { expectEveryRefused } from './every-refusal.ts';

/**
 * Which interface family a member may use (spec, "What the service does"; semantics §13): the tokenizer
 * interface is for tokenizers (MIS) only; the member interface is for market makers and tokenizers alike.
 * These use the actors' own tokens, so they run on any target.
 */

test(
  ...check(
    'auth.market-maker-family',
    'refuses a market maker’s token with 401 on every endpoint of the tokenizer interface',
    { verifies: ['AUTH-FAMILY'] },
  ),
  async ({ actors }) => {
    const { mmA } = actors;
    // The token itself is good: the refusals below are about the family alone.
    expectStatus(await mmA.client.call('member.listDigitalAccounts'), 200, 'AUTH-FAMILY');
    const tokenizerInterface = endpoints.filter((endpoint) => endpoint.family === 'tokenizer');
    expectEveryRefused(await callEndpoints(mmA.client, subjectsOf(actors, mmA), {}, tokenizerInterface), {
      status: 401,
      requirement: 'AUTH-FAMILY',
    });
  },
);

test(
  ...check('auth.tokenizer-member-family', 'serves a tokenizer’s token on the member interface', {
    verifies: ['AUTH-TOKENIZER-MEMBER-INTERFACE'],
  }),
  async ({ actors }) => {
    const { tokenizer, mmA } = actors;
    const responses = await Promise.all([
      tokenizer.client.call('member.listDigitalAccounts'),
      tokenizer.client.call('member.getAllowlist'),
      tokenizer.client.call('member.getMember', { path: { member_identification: mmA.identification } }),
    ]);
    for (const response of responses) expectStatus(response, 200, 'AUTH-TOKENIZER-MEMBER-INTERFACE');
  },
);
