import { test, expect } from '@playwright/test';
import { seedPaymentPoints } from '../payment-points/seed.ts';
import { MEMBER_API, testSimulator } from '../../test-support/simulator/app-client.ts';

test('GET /payment-points puts the nearest point first, unless fault payment-points-sort-ignored drops the sorting', async () => {
  const { sim, call, addMember } = await testSimulator();
  const token = await addMember('maker-aa', 'MMM', 'MAKRDEFF');
  // The last point with coordinates: nearest first puts it first, directory order does not.
  const last = seedPaymentPoints.findLast((point) => point.payment_point_geo_coordinates.length > 0)!;
  const { latitude, longitude } = last.payment_point_geo_coordinates[0]!.geo_coordinates[0]!;
  const first = async () =>
    (
      await call<Array<{ payment_point_identification: string }>>(
        'GET',
        `${MEMBER_API}/payment-points?geo_coordinates=${latitude},${longitude}`,
        token,
      )
    ).body[0]?.payment_point_identification;

  expect(seedPaymentPoints[0]!.payment_point_identification).not.toBe(last.payment_point_identification);
  expect(await first()).toBe(last.payment_point_identification);
  sim.state.faults.enable('payment-points-sort-ignored');
  expect(await first()).toBe(seedPaymentPoints[0]!.payment_point_identification);
});

test('POST /sign/payload answers a memberSignedPayload, unless fault signed-payload-misnamed names its signature otherwise', async () => {
  const { sim, call, addMember } = await testSimulator();
  const token = await addMember('maker-aa', 'MMM', 'MAKRDEFF');
  const sign = () =>
    call<Record<string, unknown>>('POST', `${MEMBER_API}/sign/payload`, token, {
      account_identification: 'main',
      unsigned_payload: Buffer.from('bytes').toString('base64'),
    });

  const signed = await sign();
  expect(signed.status).toBe(200);
  expect(Object.keys(signed.body)).toEqual(['payload']);
  sim.state.faults.enable('signed-payload-misnamed');
  const misnamed = await sign();
  expect(misnamed.status).toBe(200);
  expect(misnamed.body).toEqual({ signature: signed.body.payload });
});

test('GET /digital-accounts lists the issuance account with the operating ones, unless fault accounts-list-without-emission leaves it out', async () => {
  const { sim, call, addMember } = await testSimulator();
  const token = await addMember('maker-aa', 'MMM', 'MAKRDEFF', ['main', 'second']);
  const listed = async () =>
    (await call<Array<{ identification: string }>>('GET', `${MEMBER_API}/digital-accounts`, token)).body.map(
      (account) => account.identification,
    );

  expect(await listed()).toEqual(['emission', 'main', 'second']);
  sim.state.faults.enable('accounts-list-without-emission');
  expect(await listed()).toEqual(['main', 'second']);
});
