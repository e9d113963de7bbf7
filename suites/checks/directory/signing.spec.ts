import { randomBytes } from 'node:crypto';
import { schemaRef } from '../../../schemas/resources.ts';
import { okBody } from '../../flows/answers.ts';
import { check, expectStatus } from '../../runtime/check.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { isLedgerAddress, verifiesWithAddress } from './ledger-keys.ts';
import { addressOf, ownAccounts } from './reads.ts';

/**
 * Payload signing (spec: POST /sign/payload; semantics §4a): the service signs the decoded bytes with
 * the Ed25519 key of the named account, and the signature is judged only against that account's
 * published ledger address, the way every party of a quotation or a funding judges it.
 */

const signedSchema = schemaRef('memberSignedPayload');

test(
  ...check(
    'signing.payload',
    'signs the decoded payload with the named account’s key, verifiable with that account’s address only where the address carries the key',
    { verifies: ['SIGN-PAYLOAD'], endpoint: 'member.signPayload' },
  ),
  async ({ actors }) => {
    const actor = actors.mmA;
    const accounts = await ownAccounts(actor.client);
    // A second key to tell apart: another operating account, else the issuance account.
    const first = actor.accounts[0] ?? 'main';
    const second = actor.accounts[1] ?? 'emission';
    const payload = randomBytes(48);
    const altered = Buffer.from(payload);
    altered[0] = (altered[0] ?? 0) ^ 0xff;

    const signatures = new Map<string, string>();
    for (const [account, other] of [
      [first, second],
      [second, first],
    ] as const) {
      const response = await actor.client.call('member.signPayload', {
        body: { account_identification: account, unsigned_payload: payload.toString('base64') },
      });
      const { payload: signatureText } = okBody<{ payload: string }>(
        response,
        signedSchema,
        'SIGN-PAYLOAD',
        'RES-SIGNING-SCHEMAS',
      );
      const signature = Buffer.from(signatureText, 'base64');
      expectFor('SIGN-PAYLOAD', signature.length, `bytes of the Ed25519 signature made with ${account}`).toBe(64);
      signatures.set(account, signatureText);
      const address = addressOf(accounts, account, 'SIGN-PAYLOAD');
      // Only an address that carries the account's key can verify; that it does is ACC-ADDRESS-STRKEY's.
      if (!isLedgerAddress(address)) continue;
      expectFor(
        'SIGN-PAYLOAD',
        verifiesWithAddress(address, payload, signature),
        `the signature made with ${account} verifies with ${account}’s address ${address} over the payload`,
      ).toBe(true);
      expectFor(
        'SIGN-PAYLOAD',
        verifiesWithAddress(address, altered, signature),
        `the signature made with ${account} verifies over other bytes`,
      ).toBe(false);
      expectFor(
        'SIGN-PAYLOAD',
        verifiesWithAddress(addressOf(accounts, other, 'SIGN-PAYLOAD'), payload, signature),
        `the signature made with ${account} verifies with ${other}’s address`,
      ).toBe(false);
    }
    expectFor(
      'SIGN-PAYLOAD',
      signatures.get(first),
      `${first} and ${second} sign the same bytes alike: one key for both`,
    ).not.toBe(signatures.get(second));
  },
);

test(
  ...check('signing.unknown-account', 'refuses to sign with an account the caller does not have, preferably with 424', {
    verifies: ['SIGN-UNKNOWN-ACCOUNT', 'ERR-BODY-SHAPE'],
    endpoint: 'member.signPayload',
  }),
  async ({ actors }) => {
    const missing = `nosuch-${randomBytes(4).toString('hex')}`;
    const response = await actors.mmA.client.call('member.signPayload', {
      body: { account_identification: missing, unsigned_payload: randomBytes(16).toString('base64') },
    });
    expectRefusal(response, { status: 424, requirement: 'SIGN-UNKNOWN-ACCOUNT', level: 'SHOULD' });
    expectStatus(response, [400, 404, 424], 'SIGN-UNKNOWN-ACCOUNT');
  },
);
