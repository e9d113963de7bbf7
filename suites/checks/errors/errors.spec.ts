import { familyPrefix } from '../../../schemas/catalogue-types.ts';
import { test, type Actors } from '../../runtime/fixtures.ts';
import { check, describeCall, describeStatus, expectErrorBody, recordAcross, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import type { DssClient, DssResponse } from '../../runtime/client.ts';
import { TargetNetworkError } from '../../runtime/target-network-error.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { expectInvalidInputRefused } from '../input-refusal.ts';

/**
 * Errors and limits that hold for the whole service (spec "Errors", "Limits", "Versioning";
 * semantics §14): unknown paths and versions, methods, malformed and invalid input, oversized bodies.
 */

test(
  ...check('errors.unknown-path', 'answers 404 with an error body for a path the API does not have', {
    verifies: ['ERR-UNKNOWN-PATH'],
  }),
  async ({ actors }) => {
    for (const path of [
      `${familyPrefix.member}/no-such-resource`,
      `${familyPrefix.member}/members/x/y/z`,
      `${familyPrefix.tokenizer}/no-such-resource`,
    ]) {
      const client = path.startsWith(familyPrefix.tokenizer) ? actors.tokenizer.client : actors.mmA.client;
      const response = await client.raw('GET', path);
      // A 5xx breaks both the specification's rule for a client mistake and this one (never a 5xx).
      if (response.status >= 500) {
        recordAcross(() => {
          throw new CheckFailure(
            'ERR-NO-5XX',
            `${describeCall(response)}: a path no endpoint has is a client mistake, which must not get a 5xx; got ${response.status}`,
          );
        });
        throw CheckFailure.expected(
          'ERR-UNKNOWN-PATH',
          '404 with an error body for a path no endpoint has',
          String(response.status),
          describeCall(response),
        );
      }
      expectRefusal(response, { status: 404, requirement: 'ERR-UNKNOWN-PATH' });
    }
  },
);

/** Each family serves a read it has under its own /v1 prefix (VER-FAMILY-PREFIXES). */
async function expectFamiliesServed(actors: Actors): Promise<void> {
  for (const [client, path] of [
    [actors.mmA.client, `${familyPrefix.member}/members`],
    [actors.tokenizer.client, `${familyPrefix.tokenizer}/members`],
  ] as const) {
    const served = await client.raw('GET', path);
    if (served.status !== 200)
      throw new CheckFailure(
        'VER-FAMILY-PREFIXES',
        `${describeCall(served)}: the family's own prefix must serve its endpoints, got ${describeStatus(served)}`,
      );
  }
}

test(
  ...check('errors.family-prefixes', 'serves each family under its /v1 prefix', { verifies: ['VER-FAMILY-PREFIXES'] }),
  async ({ actors }) => {
    await expectFamiliesServed(actors);
  },
);

// The reference profile: the same paths under another version answer 404. A check of its own, so that a
// target serving them leaves the specification's prefixes decided above.
test(
  ...check('errors.unknown-version', 'answers 404 for the paths of each family under another version than v1', {
    verifies: ['VER-PATH-PREFIX', 'ERR-UNKNOWN-PATH'],
  }),
  async ({ actors }) => {
    // The spec's prefixes serve, so the 404s below are about the version alone.
    await expectFamiliesServed(actors);
    for (const path of [
      '/client/v2/api/members',
      '/client/v0/api/digital-accounts',
      '/tokenizer/v2/api/members',
      '/client/api/members',
    ]) {
      const client = path.startsWith('/tokenizer') ? actors.tokenizer.client : actors.mmA.client;
      expectRefusal(await client.raw('GET', path), { status: 404, requirement: 'VER-PATH-PREFIX' });
    }
  },
);

test(
  ...check('errors.method-not-allowed', 'refuses a method an existing path does not serve, with 405', {
    verifies: ['ERR-METHOD-NOT-ALLOWED', 'ERR-NO-5XX'],
  }),
  async ({ actors }) => {
    const cases: Array<[string, string]> = [
      ['PUT', `${familyPrefix.member}/members/allowlist`],
      ['PATCH', `${familyPrefix.member}/digital-accounts`],
      ['DELETE', `${familyPrefix.member}/payment-points`],
      // The literal segment wins: this is the quotation-request path, which only takes POST.
      ['GET', `${familyPrefix.member}/exchange/quotations/request`],
    ];
    for (const [method, path] of cases) {
      expectRefusal(await actors.mmA.client.raw(method, path, { body: {} }), {
        status: 405,
        requirement: 'ERR-METHOD-NOT-ALLOWED',
        level: 'SHOULD',
      });
    }
  },
);

/**
 * Bodies that are not JSON, to three endpoints. The specification demands a refusal (an error status and
 * body, ERR-MALFORMED-JSON-REFUSED); the reference profile answers 400 on every endpoint, also where the
 * table lists no 400 (ERR-MALFORMED-JSON).
 */
async function malformedBodies(client: DssClient): Promise<DssResponse[]> {
  const answers: DssResponse[] = [];
  for (const rawBody of ['{"member_identification": ', 'not json at all', '{"a":1}}']) {
    answers.push(
      await client.call('member.addToAllowlist', { rawBody }),
      await client.call('member.signPayload', { rawBody }),
    );
  }
  // Invalid UTF-8 is not JSON either.
  answers.push(await client.call('member.signPayload', { rawBody: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) }));
  // DELETE /members/allowlist lists no status that fits: the reference answers 400 there too.
  answers.push(await client.call('member.removeFromAllowlist', { rawBody: '["unclosed' }));
  return answers;
}

test(
  ...check('errors.malformed-json', 'refuses a body that is not JSON with an error status and an error body', {
    verifies: ['ERR-MALFORMED-JSON-REFUSED', 'ERR-NO-5XX', 'ERR-BODY-SHAPE'],
    endpoint: 'member.addToAllowlist',
  }),
  async ({ actors }) => {
    for (const response of await malformedBodies(actors.mmA.client)) {
      if (response.status < 400)
        throw new CheckFailure(
          'ERR-MALFORMED-JSON-REFUSED',
          `${describeCall(response)}: a body that is not JSON must be refused, got ${describeStatus(response)}`,
        );
      if (response.status >= 500)
        throw new CheckFailure(
          'ERR-NO-5XX',
          `${describeCall(response)}: a client mistake must not get a 5xx, got ${response.status}`,
        );
      recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
    }
  },
);

// The reference profile's status, 400 on every endpoint, also where the table lists no 400. A check of its
// own, so that a target refusing otherwise leaves the specification's refusal decided above.
test(
  ...check('errors.malformed-json-400', 'refuses a body that is not JSON with 400 on every endpoint', {
    verifies: ['ERR-MALFORMED-JSON'],
    endpoint: 'member.addToAllowlist',
  }),
  async ({ actors }) => {
    for (const response of await malformedBodies(actors.mmA.client))
      expectRefusal(response, { status: 400, requirement: 'ERR-MALFORMED-JSON' });
  },
);

/**
 * Inputs whose declared form is more than a column of the table (a base64 or UUID form, a code list, a list
 * of conditions, a body of another shape): the required fields, types and value sets of every endpoint are
 * broken one by one in input-columns.spec.ts.
 */
test(
  ...check(
    'errors.invalid-input',
    'refuses inputs that break the endpoint’s declared forms with an error status, 400 where the table lists it',
    { verifies: ['ERR-INVALID-INPUT', 'ERR-LISTED-STATUS', 'ERR-NO-5XX'] },
  ),
  async ({ actors }) => {
    const client = actors.mmA.client;
    const main = actors.mmA.accounts[0]!;
    const badRate = { foreign_exchange_rate: [{ relational_operator: 'about', comparison_value: 1 }] };
    const cases = [
      client.call('member.signPayload', { body: { account_identification: main, unsigned_payload: 'not base64 !!' } }),
      client.call('member.addToAllowlist', { body: 42 }),
      client.call('member.getBalance', {
        path: { account_identification: main },
        query: { asset_code_identification: 'us dollar' },
      }),
      client.call('member.answerCharge', {
        path: { member_identification: actors.mmB.identification },
        body: { request_uuid: 'not a uuid' },
      }),
      client.call('member.findQuotations', { body: badRate }),
      client.call('member.searchQuotations', { body: badRate }),
      client.call('member.listMembers', { query: { country_code: 'Atlantis' } }),
      client.call('member.getObligation', { path: { asset_code_identification: 'USD' } }),
    ];
    for (const response of await Promise.all(cases)) expectInvalidInputRefused(response);
  },
);

test(
  ...check('errors.body-too-large', 'refuses a body over 1 MiB without processing it', {
    verifies: ['LIM-BODY-SIZE', 'ERR-NO-5XX'],
    endpoint: 'member.signPayload',
  }),
  async ({ actors }) => {
    const main = actors.mmA.accounts[0]!;
    const rawBody = JSON.stringify({
      account_identification: main,
      unsigned_payload: Buffer.alloc(800 * 1024, 1).toString('base64'),
    });
    try {
      const response = await actors.mmA.client.call('member.signPayload', { rawBody });
      expectRefusal(response, { status: 413, requirement: 'LIM-BODY-SIZE', level: 'SHOULD' });
    } catch (error) {
      // Closing the connection on an oversized upload is a defensible way to refuse it; silence is not.
      if (!(error instanceof TargetNetworkError) || error.failure.reason !== 'reset') throw error;
      warnShould(false, `the target closed the connection instead of answering 413`, 'LIM-BODY-SIZE');
    }
  },
);

/** Reads sent at once: more than a member's client sends at once anywhere else in a run. */
const BURST = 20;

// The spec shows no rate limits (line 567), so a target may answer a burst with 429. The reference
// profile's decision is that such a limit lifts: the client waits every 429 out and sends the request
// again (runtime/rate-limit.ts); the failure is the client's, LIM-RATE-LIMIT-PASSES thrown for a 429 that
// persists past the check's time, so no answer comes back here with 429. The burst makes a target with a
// limit show it in a check of its own, as well as wherever else it bites.
test(
  ...check('errors.rate-limit-passes', 'serves a burst of reads, any 429 lifting within the check’s time', {
    verifies: ['LIM-RATE-LIMIT-PASSES'],
    endpoint: 'member.listDigitalAccounts',
  }),
  async ({ actors }) => {
    await Promise.all(Array.from({ length: BURST }, () => actors.mmA.client.call('member.listDigitalAccounts')));
  },
);
