import { test, type Actors } from '../../runtime/fixtures.ts';
import { check } from '../../runtime/check.ts';
import type { RequestInit } from '../../runtime/client.ts';
import { callEndpoints, subjectsOf } from './endpoint-calls.ts';
import { expectEveryRefused } from './every-refusal.ts';
import { signedByAnotherKey, unsecured, withAlteredPayload, withoutSignature } from './forged-tokens.ts';

/**
 * Tokens the service must refuse, each sent to every endpoint of both families (spec, Authentication 1
 * and 6: 401 on the endpoints that list it, a refusal everywhere; the reference answers 401 on all of them,
 * docs/semantics.md "Authentication and authorisation"). The forged ones start from the tokenizer's real token: a tokenizer may use both
 * families, so a target that let such a token through would serve it everywhere.
 */

/**
 * Sends `init` (the credentials) to every endpoint as the tokenizer. The specification (AUTH-TOKEN-REQUIRED):
 * 401 where the endpoint lists it, a refusal (never a 2xx) everywhere. The reference profile
 * (`profileRequirement`): 401 on every endpoint.
 */
async function expectRefusedEverywhere(actors: Actors, init: RequestInit, profileRequirement: string): Promise<void> {
  const { tokenizer } = actors;
  const responses = await callEndpoints(tokenizer.client, subjectsOf(actors, tokenizer), init);
  expectEveryRefused(responses, { status: 401, requirement: profileRequirement, listedUnder: 'AUTH-TOKEN-REQUIRED' });
}

test(...check('auth.missing-token', 'refuses a request without a bearer token on every endpoint, with 401 and an error body', { requirements: ['AUTH-TOKEN-REQUIRED', 'AUTH-MISSING-TOKEN', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  await expectRefusedEverywhere(actors, { token: null }, 'AUTH-MISSING-TOKEN');
});

test(...check('auth.garbage-token', 'refuses a bearer token that is not a JWT on every endpoint, with 401', { requirements: ['AUTH-TOKEN-REQUIRED', 'AUTH-MALFORMED-TOKEN', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  await expectRefusedEverywhere(actors, { token: 'not-a-token' }, 'AUTH-MALFORMED-TOKEN');
});

test(...check('auth.empty-bearer', 'refuses an Authorization header of just "Bearer" on every endpoint, with 401', { requirements: ['AUTH-TOKEN-REQUIRED', 'AUTH-MALFORMED-TOKEN', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  await expectRefusedEverywhere(actors, { headers: { authorization: 'Bearer ' } }, 'AUTH-MALFORMED-TOKEN');
});

test(...check('auth.truncated-token', 'refuses a real token cut before its signature on every endpoint, with 401', { requirements: ['AUTH-TOKEN-REQUIRED', 'AUTH-MALFORMED-TOKEN', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  await expectRefusedEverywhere(actors, { token: withoutSignature(await actors.tokenizer.client.token()) }, 'AUTH-MALFORMED-TOKEN');
});

test(...check('auth.altered-token', 'refuses a real token whose payload was altered (a later expiry) on every endpoint, with 401', { requirements: ['AUTH-TOKEN-REQUIRED', 'AUTH-MALFORMED-TOKEN', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  await expectRefusedEverywhere(actors, { token: withAlteredPayload(await actors.tokenizer.client.token()) }, 'AUTH-MALFORMED-TOKEN');
});

test(...check('auth.wrong-scheme', 'refuses a real token sent under a scheme other than Bearer on every endpoint, with 401', { requirements: ['AUTH-TOKEN-REQUIRED', 'AUTH-MALFORMED-TOKEN', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  await expectRefusedEverywhere(actors, { headers: { authorization: `Token ${await actors.tokenizer.client.token()}` } }, 'AUTH-MALFORMED-TOKEN');
});

test(...check('auth.foreign-token', 'refuses a JWT with a real token’s claims signed by another key on every endpoint, with 401', { requirements: ['AUTH-TOKEN-REQUIRED', 'AUTH-FOREIGN-TOKEN', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  await expectRefusedEverywhere(actors, { token: await signedByAnotherKey(await actors.tokenizer.client.token()) }, 'AUTH-FOREIGN-TOKEN');
});

test(...check('auth.unsecured-token', 'refuses a real token’s claims as an unsigned JWT (alg none) on every endpoint, with 401', { requirements: ['AUTH-TOKEN-REQUIRED', 'AUTH-FOREIGN-TOKEN', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  await expectRefusedEverywhere(actors, { token: unsecured(await actors.tokenizer.client.token()) }, 'AUTH-FOREIGN-TOKEN');
});
