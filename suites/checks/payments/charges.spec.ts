import { randomUUID } from 'node:crypto';
import { tokenizerDsa } from '../../flows/assets.ts';
import { answerCharge, chargeAnswer, newChargeRequest, requestCharge } from '../../flows/charges.ts';
import { awaitDelivery, awaitPayload, hasPayload, mentioning, type Delivery } from '../../flows/mailbox.ts';
import { withField } from '../../flows/payload-places.ts';
import type { Party } from '../../flows/party.ts';
import { check, expectStatus } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test, type Actors } from '../../runtime/fixtures.ts';
import type { ChargeRequest, PaymentCharge } from '../../../schemas/wire.ts';
import { CALLER_MISMATCH_STATUSES, expectRefusal } from '../../runtime/refusal.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements } from '../ledger/prerequisites.ts';

/**
 * Fees (spec: POST /charges/request/{member_identification}, POST /charges/response/{member_identification},
 * Events "charge"; semantics §10): a request reaches the instructed member, its answer reaches the
 * originator, and nothing answers a request that is not open. The spec says that these calls cause charge
 * messages (lines 521, 529), not what the messages' response_data objects hold (531): the specification
 * checks know a message by the request_uuid it must carry, wherever it sits (payload-places.ts); that it
 * is the body as sent is the reference's (CHG-GATEWAY-PAYLOAD).
 */

const GATEWAY = ['GW-READ-CONSUMES', 'RES-LEDGER-SCHEMAS'];

/** Fails under `requirement` unless `delivered` carries at its top level every field of `sent` with the same value. */
function expectCarries(delivered: object, sent: object, requirement: string, what: string): void {
  const differing = Object.entries(sent).filter(
    ([field, value]) => JSON.stringify((delivered as Record<string, unknown>)[field]) !== JSON.stringify(value),
  );
  if (differing.length > 0) {
    throw new CheckFailure(
      requirement,
      `${what} differs from what was sent in ${differing.map(([field]) => field).join(', ')}: delivered ${JSON.stringify(delivered).slice(0, 400)}`,
    );
  }
}

/** A payload of `member`'s charge queue about `requestUuid` for which `also` holds. */
function chargeAbout(
  requestUuid: string,
  also: (payload: Record<string, unknown>) => boolean = () => true,
): (payload: object) => boolean {
  return (payload) => mentioning(requestUuid)(payload) && also(payload as Record<string, unknown>);
}

async function expectNoCharge(
  member: Party,
  wanted: (payload: object) => boolean,
  requirement: string,
  what: string,
): Promise<void> {
  if (await hasPayload(member, 'charge', wanted))
    throw new CheckFailure(requirement, `${member.identification}'s charge queue delivered ${what}`);
}

/** The fee request of a net 250 and its answer with a fee of 2.5, each awaited on its receiver's charge queue by its request_uuid. */
async function requestAndAnswer(
  actors: Actors,
  requirements: { request: string; answer: string },
): Promise<{ request: ChargeRequest; answer: PaymentCharge; delivered: Delivery; answered: Delivery }> {
  const { mmA: originator, mmB: instructed } = actors;
  const request = newChargeRequest(originator, tokenizerDsa(actors), 250);
  expectStatus(await requestCharge(originator, instructed.identification, request), 200, requirements.request);
  const about = withField('request_uuid', request.request_uuid);
  const delivered = await awaitDelivery(
    instructed,
    'charge',
    about,
    requirements.request,
    `carrying the request_uuid of the fee request ${request.request_uuid}`,
  );
  const answer = chargeAnswer(request, 2.5);
  expectStatus(await answerCharge(instructed, originator.identification, answer), 200, requirements.answer);
  const answered = await awaitDelivery(
    originator,
    'charge',
    about,
    requirements.answer,
    `carrying the request_uuid of the answered fee request ${request.request_uuid}`,
  );
  return { request, answer, delivered, answered };
}

test(
  ...check(
    'payments.charge-request-answer',
    'delivers a fee request to the instructed member and its answer to the originator',
    { verifies: checkRequirements('CHG-REQUEST', 'CHG-DELIVERY', ...GATEWAY), endpoint: 'member.requestCharge' },
  ),
  async ({ actors }) => {
    await requestAndAnswer(actors, { request: 'CHG-REQUEST', answer: 'CHG-DELIVERY' });
  },
);

test(
  ...check(
    'payments.charge-payload',
    'delivers the fee request and its answer as they were sent: every field at the top of the response_data object',
    { verifies: ['CHG-GATEWAY-PAYLOAD'], endpoint: 'member.readGatewayMessages' },
  ),
  async ({ actors }) => {
    // Only its own rule: a target whose payloads sit elsewhere fails it, and leaves GW-READ-CONSUMES (a prerequisite's checker) to the checks that decide it.
    const { request, answer, delivered, answered } = await requestAndAnswer(actors, {
      request: 'CHG-GATEWAY-PAYLOAD',
      answer: 'CHG-GATEWAY-PAYLOAD',
    });
    expectCarries(
      delivered.data,
      request,
      'CHG-GATEWAY-PAYLOAD',
      `the fee request delivered to ${actors.mmB.identification}`,
    );
    expectCarries(
      answered.data,
      answer,
      'CHG-GATEWAY-PAYLOAD',
      `the fee answer delivered to ${actors.mmA.identification}`,
    );
  },
);

test(
  ...check(
    'payments.charge-answer-not-open',
    'refuses with 409 a fee answer to a request never sent, sent to another member, or already answered, delivering none of them',
    {
      verifies: checkRequirements(
        'CHG-ANSWER-OPEN-REQUEST',
        'CHG-REQUEST',
        'CHG-DELIVERY',
        ...GATEWAY,
        ...REFUSAL_REQUIREMENTS,
      ),
      endpoint: 'member.answerCharge',
    },
  ),
  async ({ actors }) => {
    const { mmA: originator, mmB: instructed, tokenizer: other } = actors;
    const asset = tokenizerDsa(actors);

    const neverSent = chargeAnswer({ ...newChargeRequest(originator, asset, 100), request_uuid: randomUUID() }, 1);
    expectRefusal(await answerCharge(instructed, originator.identification, neverSent), {
      status: 409,
      requirement: 'CHG-ANSWER-OPEN-REQUEST',
    });

    const request = newChargeRequest(originator, asset, 100);
    expectStatus(await requestCharge(originator, instructed.identification, request), 200, 'CHG-REQUEST');
    const byOther = chargeAnswer(request, 9.25);
    expectRefusal(await answerCharge(other, originator.identification, byOther), {
      status: 409,
      requirement: 'CHG-ANSWER-OPEN-REQUEST',
    });
    expectStatus(
      await answerCharge(instructed, originator.identification, chargeAnswer(request, 1.5)),
      200,
      'CHG-DELIVERY',
    );
    await awaitPayload(
      originator,
      'charge',
      chargeAbout(request.request_uuid, (payload) => payload.fee_amount === 1.5),
      'CHG-DELIVERY',
      `answering the fee request ${request.request_uuid}`,
    );
    expectRefusal(await answerCharge(instructed, originator.identification, chargeAnswer(request, 3.75)), {
      status: 409,
      requirement: 'CHG-ANSWER-OPEN-REQUEST',
    });

    await expectNoCharge(
      originator,
      mentioning(neverSent.request_uuid),
      'CHG-ANSWER-OPEN-REQUEST',
      `an answer to the fee request ${neverSent.request_uuid}, which it never sent`,
    );
    await expectNoCharge(
      originator,
      chargeAbout(request.request_uuid, (payload) => payload.fee_amount === 9.25),
      'CHG-ANSWER-OPEN-REQUEST',
      `the answer of ${other.identification} to a fee request sent to ${instructed.identification}`,
    );
    await expectNoCharge(
      originator,
      chargeAbout(request.request_uuid, (payload) => payload.fee_amount === 3.75),
      'CHG-ANSWER-OPEN-REQUEST',
      'a second answer to an answered fee request',
    );
  },
);

test(
  ...check(
    'payments.charge-net-and-gross',
    'refuses with 400 a fee request giving both the net and the gross amount, delivering nothing',
    {
      verifies: checkRequirements('CHG-NET-OR-GROSS', ...GATEWAY, ...REFUSAL_REQUIREMENTS),
      endpoint: 'member.requestCharge',
    },
  ),
  async ({ actors }) => {
    const { mmA: originator, mmB: instructed } = actors;
    const request = {
      ...newChargeRequest(originator, tokenizerDsa(actors), 250),
      interbank_settlement_gross_amount: 255,
    };
    expectRefusal(await requestCharge(originator, instructed.identification, request), {
      status: 400,
      requirement: 'CHG-NET-OR-GROSS',
    });
    await expectNoCharge(
      instructed,
      mentioning(request.request_uuid),
      'CHG-NET-OR-GROSS',
      `the fee request ${request.request_uuid}, which was refused`,
    );
  },
);

/** mmA's fee request to mmB in the tokenizer's name: the originating member is not the caller. */
async function impersonatingChargeRequest(actors: Actors) {
  const { mmA: caller, mmB: instructed, tokenizer: impersonated } = actors;
  const request = {
    ...newChargeRequest(caller, tokenizerDsa(actors), 40),
    member_identification: impersonated.identification,
  };
  return {
    instructed,
    impersonated,
    request,
    response: await requestCharge(caller, instructed.identification, request),
  };
}

test(
  ...check(
    'payments.charge-request-caller',
    'refuses with 400, 401 or 403 a fee request whose originating member is not the caller, delivering nothing',
    {
      verifies: checkRequirements('CHG-REQUEST-CALLER', ...GATEWAY, ...REFUSAL_REQUIREMENTS),
      endpoint: 'member.requestCharge',
    },
  ),
  async ({ actors }) => {
    const { instructed, impersonated, request, response } = await impersonatingChargeRequest(actors);
    expectRefusal(response, { status: CALLER_MISMATCH_STATUSES, requirement: 'CHG-REQUEST-CALLER' });
    await expectNoCharge(
      instructed,
      mentioning(request.request_uuid),
      'CHG-REQUEST-CALLER',
      `the fee request ${request.request_uuid} sent in the name of ${impersonated.identification}`,
    );
  },
);

// The reference profile's status for it: the endpoint's listed 400. A check of its own, so that a target
// answering 401 or 403 (spec lines 512, 543, 544) leaves the specification's rule decided above.
test(
  ...check(
    'payments.charge-request-caller-400',
    'refuses with 400 a fee request whose originating member is not the caller',
    { verifies: ['CALLER-MISMATCH-400'], endpoint: 'member.requestCharge' },
  ),
  async ({ actors }) => {
    expectRefusal((await impersonatingChargeRequest(actors)).response, {
      status: 400,
      requirement: 'CALLER-MISMATCH-400',
    });
  },
);

test(
  ...check(
    'payments.charge-amounts-add-up',
    'refuses with 409 a fee answer to a gross request whose amounts without the fee and the fee do not make the gross amount',
    {
      verifies: checkRequirements(
        'CHG-AMOUNTS-ADD-UP',
        'CHG-REQUEST',
        'CHG-DELIVERY',
        ...GATEWAY,
        ...REFUSAL_REQUIREMENTS,
      ),
      endpoint: 'member.answerCharge',
    },
  ),
  async ({ actors }) => {
    const { mmA: originator, mmB: instructed } = actors;
    // A gross request paid out in the settlement asset's own currency: no exchange rate, so the amounts must add up.
    const gross = { ...newChargeRequest(originator, tokenizerDsa(actors), 0), interbank_settlement_gross_amount: 100 };
    delete gross.instructed_net_amount;
    expectStatus(await requestCharge(originator, instructed.identification, gross), 200, 'CHG-REQUEST');
    const answer = (withoutFee: number, fee: number) => ({
      ...chargeAnswer(gross, fee),
      instructed_amount: withoutFee,
      interbank_settlement_amount_without_fee: withoutFee,
    });
    const short = answer(97, 2);
    expectRefusal(await answerCharge(instructed, originator.identification, short), {
      status: 409,
      requirement: 'CHG-AMOUNTS-ADD-UP',
    });
    expectStatus(await answerCharge(instructed, originator.identification, answer(98, 2)), 200, 'CHG-DELIVERY');
    await awaitPayload(
      originator,
      'charge',
      chargeAbout(gross.request_uuid, (payload) => payload.interbank_settlement_amount_without_fee === 98),
      'CHG-DELIVERY',
      `answering the fee request ${gross.request_uuid}`,
    );
    await expectNoCharge(
      originator,
      chargeAbout(gross.request_uuid, (payload) => payload.interbank_settlement_amount_without_fee === 97),
      'CHG-AMOUNTS-ADD-UP',
      'an answer whose amounts make 99 of a gross 100',
    );
  },
);
