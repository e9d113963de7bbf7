import { test, expect } from '@playwright/test';
import { createApp } from '../http/app.ts';
import { messageXml, paymentDocument } from '../../schemas/iso20022/message-builders.ts';
import { verifyMessageSignature } from '../iso20022/signature.ts';
import { Simulator } from '../simulator.ts';
import { MEMBER_API } from '../../test-support/simulator/app-client.ts';

/** `POST /sign/message` through the app, as a member of the demo network. */
async function demo() {
  const simulator = await Simulator.create();
  const app = createApp(simulator);
  const network = (await (await app.request('/sim/network')).json()) as {
    members: Array<{ identification: string; bicfi: string; token: string }>;
  };
  const london = network.members.find((member) => member.identification === 'mm-london')!;
  const singapore = network.members.find((member) => member.identification === 'mm-singapore')!;
  async function sign(body: unknown, token = london.token) {
    const response = await app.request(`${MEMBER_API}/sign/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { payload?: string; code?: string } };
  }
  const payment = messageXml(
    'pacs.008.001.08',
    paymentDocument({ from: london.bicfi, to: singapore.bicfi, issuer: 'tokenizer-usd' }),
    { from: london.bicfi, to: singapore.bicfi },
  );
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return { simulator, london, sign, payment, base64 };
}

test('a member signs a Message with its account key; the answer is the signed Message', async () => {
  const { simulator, sign, payment, base64 } = await demo();
  const answer = await sign({ account_identification: 'main', unsigned_payload: base64(payment) });
  expect(answer.status).toBe(200);
  const signed = Buffer.from(answer.body.payload!, 'base64').toString('utf8');
  const london = simulator.state.members.get('mm-london')!;
  expect(verifyMessageSignature(signed, london)).toEqual([]);
  expect(signed).toContain(`<ds:KeyName>${london.accounts.get('main')!.key.address}</ds:KeyName>`);
  expect(verifyMessageSignature(signed, simulator.state.members.get('mm-singapore')!)[0]?.reason).toBe('DS0H');
});

test('not XML, or XML that is not the Message envelope: 400', async () => {
  const { sign, base64 } = await demo();
  for (const payload of [
    base64('not xml at all'),
    base64(paymentDocument()),
    base64('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'),
  ]) {
    expect(await sign({ account_identification: 'main', unsigned_payload: payload })).toMatchObject({
      status: 400,
      body: { code: 'ISO-MESSAGE-UNREADABLE' },
    });
  }
});

test('an account the caller does not have: 404 marshalling error; outside the token: 401; no token: 401', async () => {
  const { simulator, sign, payment, base64 } = await demo();
  const body = { account_identification: 'savings', unsigned_payload: base64(payment) };
  expect(await sign(body)).toMatchObject({ status: 404, body: { code: 'SIGN-MESSAGE-ACCOUNT-UNKNOWN' } });
  const narrow = await simulator.state.tokens.issue({
    member_identification: 'mm-london',
    role: 'manager',
    accounts: ['second'],
  });
  expect((await sign({ ...body, account_identification: 'main' }, narrow.token)).status).toBe(401);
  expect((await sign({ ...body, account_identification: 'main' }, '')).status).toBe(401);
});
