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

/** A token the service must refuse: how it is sent, what it is, and the reference profile's rule for it. */
interface RefusedToken {
  id: string;
  /** What is sent, as the check titles say it. */
  what: string;
  credentials: (actors: Actors) => Promise<RequestInit>;
  profileRequirement: string;
}

const refusedTokens: RefusedToken[] = [
  {
    id: 'auth.missing-token',
    what: 'a request without a bearer token',
    credentials: async () => ({ token: null }),
    profileRequirement: 'AUTH-MISSING-TOKEN',
  },
  {
    id: 'auth.garbage-token',
    what: 'a bearer token that is not a JWT',
    credentials: async () => ({ token: 'not-a-token' }),
    profileRequirement: 'AUTH-MALFORMED-TOKEN',
  },
  {
    id: 'auth.empty-bearer',
    what: 'an Authorization header of just "Bearer"',
    credentials: async () => ({ headers: { authorization: 'Bearer ' } }),
    profileRequirement: 'AUTH-MALFORMED-TOKEN',
  },
  {
    id: 'auth.truncated-token',
    what: 'a real token cut before its signature',
    credentials: async (actors) => ({ token: withoutSignature(await actors.tokenizer.client.token()) }),
    profileRequirement: 'AUTH-MALFORMED-TOKEN',
  },
  {
    id: 'auth.altered-token',
    what: 'a real token whose payload was altered (a later expiry)',
    credentials: async (actors) => ({ token: withAlteredPayload(await actors.tokenizer.client.token()) }),
    profileRequirement: 'AUTH-MALFORMED-TOKEN',
  },
  {
    id: 'auth.wrong-scheme',
    what: 'a real token sent under a scheme other than Bearer',
    credentials: async (actors) => ({ headers: { authorization: `Token ${await actors.tokenizer.client.token()}` } }),
    profileRequirement: 'AUTH-MALFORMED-TOKEN',
  },
  {
    id: 'auth.foreign-token',
    what: 'a JWT with a real token’s claims signed by another key',
    credentials: async (actors) => ({ token: await signedByAnotherKey(await actors.tokenizer.client.token()) }),
    profileRequirement: 'AUTH-FOREIGN-TOKEN',
  },
  {
    id: 'auth.unsecured-token',
    what: 'a real token’s claims as an unsigned JWT (alg none)',
    credentials: async (actors) => ({ token: unsecured(await actors.tokenizer.client.token()) }),
    profileRequirement: 'AUTH-FOREIGN-TOKEN',
  },
];

/** Sends the credentials to every endpoint as the tokenizer. */
async function sendEverywhere(actors: Actors, token: RefusedToken) {
  return callEndpoints(actors.tokenizer.client, subjectsOf(actors, actors.tokenizer), await token.credentials(actors));
}

// Two checks per token, one per layer, so that a target answering another refusal than 401 where the spec
// lists none (the reference profile's rule alone) still has the specification's rule decided.
for (const token of refusedTokens) {
  // The specification (AUTH-TOKEN-REQUIRED): 401 where the endpoint lists it, a refusal (never a 2xx) everywhere, with the error body.
  test(
    ...check(
      token.id,
      `refuses ${token.what} on every endpoint: 401 where the endpoint lists it, never served, with an error body`,
      { verifies: ['AUTH-TOKEN-REQUIRED', 'ERR-BODY-SHAPE'] },
    ),
    async ({ actors }) => {
      expectEveryRefused(await sendEverywhere(actors, token), { status: 401, listedUnder: 'AUTH-TOKEN-REQUIRED' });
    },
  );
  // The reference profile: 401 on every endpoint.
  test(
    ...check(
      `${token.id}-401-everywhere`,
      `refuses ${token.what} with 401 on every endpoint, also those whose table lists no 401`,
      { verifies: [token.profileRequirement] },
    ),
    async ({ actors }) => {
      expectEveryRefused(await sendEverywhere(actors, token), { status: 401, requirement: token.profileRequirement });
    },
  );
}
