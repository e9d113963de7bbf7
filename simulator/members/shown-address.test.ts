import { test, expect } from '@playwright/test';
import { verifyWithAddress } from './keys.ts';
import { MEMBER_API, TOKENIZER_API, testSimulator } from '../../test-support/simulator/app-client.ts';

type Account = { identification: string; distributed_ledger_account_address: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const STRKEY = /^G[A-Z2-7]{55}$/;

/** Every address the member interface, the tokenizer interface and the control plane show for maker-aa. */
async function shownAddresses() {
  const { sim, call, addMember } = await testSimulator();
  const maker = await addMember('maker-aa', 'MMM', 'MAKAGB2L', ['main', 'second']);
  const tokenizer = await addMember('tokenizer-us', 'MIS', 'TOKNUS33');
  const read = async () => {
    const listed = (await call<Account[]>('GET', `${MEMBER_API}/digital-accounts`, maker)).body;
    const one = (await call<Account>('GET', `${MEMBER_API}/digital-accounts/second`, maker)).body;
    const info = (
      await call<{ distributed_ledger_emission_account_address: string; operating_digital_accounts: Account[] }>(
        'GET',
        `${TOKENIZER_API}/members/maker-aa`,
        tokenizer,
      )
    ).body;
    const resolved = (
      await call<Account>(
        'GET',
        `${TOKENIZER_API}/account-address?addressing_identification=main*GB.maker-aa.dss.example`,
        tokenizer,
      )
    ).body;
    const control = (
      await call<{ members: Array<{ identification: string; accounts: Account[] }> }>('GET', '/sim/network')
    ).body.members.find((member) => member.identification === 'maker-aa')!.accounts;
    const byName = Object.fromEntries(
      listed.map((account) => [account.identification, account.distributed_ledger_account_address]),
    );
    return {
      byName,
      all: [...listed, one, ...info.operating_digital_accounts, resolved, ...control]
        .map((account) => account.distributed_ledger_account_address)
        .concat(info.distributed_ledger_emission_account_address),
      agree:
        one.distributed_ledger_account_address === byName.second &&
        resolved.distributed_ledger_account_address === byName.main &&
        info.distributed_ledger_emission_account_address === byName.emission,
    };
  };
  return { sim, read, call, maker };
}

test('every address the simulator shows is a StrKey, and a UUID under reading opaque-addresses, each account its own', async () => {
  const { sim, read } = await shownAddresses();
  const reference = await read();
  expect(reference.all.every((address) => STRKEY.test(address))).toBe(true);
  expect(reference.agree).toBe(true);

  sim.state.readings.enable('opaque-addresses');
  const opaque = await read();
  expect(
    opaque.all.every((address) => UUID.test(address)),
    opaque.all.join(', '),
  ).toBe(true);
  expect(opaque.agree).toBe(true);
  expect(new Set(Object.values(opaque.byName)).size).toBe(3);
  // Deterministic per account: the same UUID on every read.
  expect(await read()).toEqual(opaque);
});

test('under opaque-addresses POST /sign/payload still signs with the key of the account the UUID names', async () => {
  const { sim, read, call, maker } = await shownAddresses();
  sim.state.readings.enable('opaque-addresses');
  const { byName } = await read();
  const key = sim.state.members.get('maker-aa')!.accounts.get('main')!.key;
  expect(byName.main).toBe(key.opaqueAddress);
  const payload = Buffer.from('quotation bytes');
  const signed = await call<{ payload: string }>('POST', `${MEMBER_API}/sign/payload`, maker, {
    account_identification: 'main',
    unsigned_payload: payload.toString('base64'),
  });
  expect(signed.status).toBe(200);
  expect(verifyWithAddress(key.address, payload, Buffer.from(signed.body.payload, 'base64'))).toBe(true);
});
