import { randomBytes } from 'node:crypto';
import { listOfRef, schemaRef } from '../../../schemas/resources.ts';
import { okBody } from '../../flows/answers.ts';
import { issueDso } from '../../flows/assets.ts';
import { check } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { credential, skipFor } from '../../runtime/credentials.ts';
import { expect, test, type Actor, type Actors } from '../../runtime/fixtures.ts';
import { expectReferenceStatus, expectRefusal } from '../../runtime/refusal.ts';
import { checkRequirements, LEDGER_DSO_CODE } from '../ledger/prerequisites.ts';
import { isLedgerAddress } from './ledger-keys.ts';
import { addressOf, ownAccounts, type DigitalAccount, type MemberInfo } from './reads.ts';

/**
 * The caller's digital accounts (spec: GET /digital-accounts and GET /digital-accounts/{account_identification})
 * and the tokenizer's resolution of addressing identifiers (GET /account-address; semantics §1): every
 * account has an address of its own, and every way of naming an account gives the same one. The
 * address's form, a StrKey, is the reference's (accounts.strkey-addresses).
 */

const accountList = listOfRef('digitalAccount');
const accountSchema = schemaRef('digitalAccount');

/**
 * The specification's ledger address: "string | yes | account address in the ledger" (spec line 47),
 * no form given, so any non-empty string. That it is a StrKey is the reference's (ACC-ADDRESS-STRKEY).
 */
function expectAddresses(addresses: Iterable<[string, string]>, requirement: string): void {
  const empty = [...addresses].filter(([, address]) => address.length === 0).map(([name]) => name);
  expectFor(requirement, empty, `accounts whose distributed_ledger_account_address is empty`).toEqual([]);
}

function expectStrKeys(addresses: Iterable<[string, string]>): void {
  const invalid = [...addresses]
    .filter(([, address]) => !isLedgerAddress(address))
    .map(([name, address]) => `${name}: ${address}`);
  expectFor(
    'ACC-ADDRESS-STRKEY',
    invalid,
    'addresses that are not StrKey account addresses (56 characters, G, valid checksum)',
  ).toEqual([]);
}

test(
  ...check(
    'accounts.list-and-read',
    'lists the caller’s accounts each with its own ledger address, and reads each one with the same address',
    { verifies: ['ACC-LIST', 'ACC-GET', 'RES-ACCOUNT-SCHEMAS'], endpoint: 'member.listDigitalAccounts' },
  ),
  async ({ actors }) => {
    for (const actor of [actors.mmA, actors.mmB]) {
      const client = actor.client;
      const accounts = await ownAccounts(client);
      expectFor(
        'ACC-LIST',
        [...accounts.keys()],
        `GET /digital-accounts of ${actor.identification} lists the profile’s operating accounts`,
      ).toEqual(expect.arrayContaining(actor.accounts));
      // The harness's own tokens on a simulator give every account, so the issuance account is listed too.
      if (actors.control)
        expectFor(
          'ACC-LIST',
          [...accounts.keys()],
          `GET /digital-accounts of ${actor.identification} with a token for all accounts lists emission`,
        ).toContain('emission');
      expectAddresses(accounts, 'ACC-LIST');
      expectFor(
        'ACC-LIST',
        new Set(accounts.values()).size,
        `every account of ${actor.identification} has its own address`,
      ).toBe(accounts.size);

      for (const [identification, address] of accounts) {
        const response = await client.call('member.getDigitalAccount', {
          path: { account_identification: identification },
        });
        const read = okBody<DigitalAccount>(response, accountSchema, 'ACC-GET', 'RES-ACCOUNT-SCHEMAS');
        expectFor(
          'ACC-GET',
          read.distributed_ledger_account_address,
          `GET /digital-accounts/${identification} gives the address listed`,
        ).toBe(address);
        if (read.identification !== undefined)
          expectFor(
            'ACC-GET',
            read.identification,
            `GET /digital-accounts/${identification} names the account read`,
          ).toBe(identification);
      }
    }
  },
);

// What the spec's own endpoints show of the issuance account, on any target (line 21: "Identifier emission is the
// issuance account"): a DSO issued with mmA's own token means that token matches the issuance account (line 480,
// "401 issuance account does not match the access token"), so the accounts it gives access to, which GET
// /digital-accounts lists (lines 430, 506), include emission; and where memberInfo gives the issuance account's
// address (line 57), the account listed as emission has it and no operating account does. Any address form.
test(
  ...check(
    'accounts.emission-listed',
    'lists the issuance account as emission to the token that issued a DSO from it, at the address memberInfo gives the issuance account',
    {
      verifies: checkRequirements(
        'ACC-LIST',
        'INS-DSO-ISSUE',
        'RES-ACCOUNT-SCHEMAS',
        'DIR-MEMBER-GET',
        'RES-DIRECTORY-SCHEMAS',
        'RES-LEDGER-SCHEMAS',
      ),
      endpoint: 'member.listDigitalAccounts',
    },
  ),
  async ({ actors }) => {
    const issuer = actors.mmA;
    await issueDso(issuer, LEDGER_DSO_CODE);
    for (const actor of [actors.tokenizer, actors.mmA, actors.mmB]) {
      const accounts = await ownAccounts(actor.client);
      if (actor === issuer)
        expectFor(
          'ACC-LIST',
          [...accounts.keys()],
          `GET /digital-accounts of ${issuer.identification}, with the token that issued ${LEDGER_DSO_CODE} from its issuance account, lists emission`,
        ).toContain('emission');
      const info = okBody<MemberInfo>(
        await actors.tokenizer.client.call('tokenizer.getMember', {
          path: { member_identification: actor.identification },
        }),
        schemaRef('memberInfo'),
        'DIR-MEMBER-GET',
        'RES-DIRECTORY-SCHEMAS',
      );
      const issuance = info.distributed_ledger_emission_account_address;
      if (issuance === undefined) continue;
      const emission = accounts.get('emission');
      if (emission !== undefined)
        expectFor(
          'ACC-LIST',
          emission,
          `GET /digital-accounts of ${actor.identification} lists emission at the address memberInfo gives its issuance account`,
        ).toBe(issuance);
      const operating = [...accounts]
        .filter(([name, address]) => name !== 'emission' && address === issuance)
        .map(([name]) => name);
      expectFor(
        'ACC-LIST',
        operating,
        `operating accounts of ${actor.identification} that GET /digital-accounts lists at the address memberInfo gives its issuance account`,
      ).toEqual([]);
    }
  },
);

test(
  ...check(
    'accounts.strkey-addresses',
    'gives every ledger address as a StrKey account address, wherever it shows one',
    { verifies: ['ACC-ADDRESS-STRKEY'], endpoint: 'member.listDigitalAccounts' },
  ),
  async ({ actors, target }) => {
    for (const actor of [actors.mmA, actors.mmB]) {
      const shown = new Map<string, string>();
      for (const [account, address] of await ownAccounts(actor.client))
        shown.set(`GET /digital-accounts: ${account}`, address);
      const info = okBody<MemberInfo>(
        await actors.tokenizer.client.call('tokenizer.getMember', {
          path: { member_identification: actor.identification },
        }),
        schemaRef('memberInfo'),
        'ACC-ADDRESS-STRKEY',
        'RES-DIRECTORY-SCHEMAS',
      );
      if (info.distributed_ledger_emission_account_address !== undefined)
        shown.set(`memberInfo ${actor.identification}: emission`, info.distributed_ledger_emission_account_address);
      for (const account of info.operating_digital_accounts ?? [])
        shown.set(
          `memberInfo ${actor.identification}: ${account.identification ?? '(unnamed)'}`,
          account.distributed_ledger_account_address,
        );
      for (const account of actor.accounts) {
        const name = addressing(account, info.country_code, actor.identification, target.service_domain);
        shown.set(
          `GET /account-address ${name}`,
          okBody<DigitalAccount>(
            await resolve(actors.tokenizer, name),
            accountSchema,
            'ACC-ADDRESS-STRKEY',
            'RES-DIRECTORY-SCHEMAS',
          ).distributed_ledger_account_address,
        );
      }
      expectStrKeys(shown);
    }
  },
);

test(
  ...check('accounts.unknown-account', 'answers 404 with an error body for an account the caller does not have', {
    verifies: ['ACC-GET', 'ERR-BODY-SHAPE'],
    endpoint: 'member.getDigitalAccount',
  }),
  async ({ actors }) => {
    const missing = `nosuch-${randomBytes(4).toString('hex')}`;
    expectRefusal(
      await actors.mmA.client.call('member.getDigitalAccount', { path: { account_identification: missing } }),
      { status: 404, requirement: 'ACC-GET' },
    );
  },
);

test(
  ...check('accounts.token-scope', 'lists only the accounts the caller’s token gives access to', {
    verifies: ['ACC-LIST', 'RES-ACCOUNT-SCHEMAS'],
    endpoint: 'member.listDigitalAccounts',
  }),
  async ({ actors }) => {
    const actor = actors.mmA;
    const all = await ownAccounts(actor.client);
    const last = actor.accounts[actor.accounts.length - 1];
    if (last === undefined) throw new CheckFailure('ACC-LIST', `${actor.identification} lists no operating account`);
    const given = await credential(actors, actor, 'accounts', { role: 'manager', accounts: [last] });
    const granted = given.rights.accounts ?? [];
    if (granted.length === 0 || granted.length >= all.size)
      skipFor(
        `needs profile credential ${given.source} declared with accounts: some, not all, of ${actor.identification}’s`,
      );
    const response = await actor.client.call('member.listDigitalAccounts', { token: given.token });
    const listed = okBody<DigitalAccount[]>(response, accountList, 'ACC-LIST', 'RES-ACCOUNT-SCHEMAS');
    const expected = granted.map((identification) => ({
      identification,
      distributed_ledger_account_address: addressOf(all, identification, 'ACC-LIST'),
    }));
    const byName = (a: DigitalAccount, b: DigitalAccount) =>
      String(a.identification).localeCompare(String(b.identification));
    expectFor(
      'ACC-LIST',
      [...listed].sort(byName),
      `GET /digital-accounts with a token for ${granted.join(', ')} only`,
    ).toEqual(expected.sort(byName));
  },
);

test(
  ...check(
    'accounts.none-open',
    'answers 404 (no open accounts) when the caller’s token gives access to none of its accounts',
    { verifies: ['ACC-LIST-EMPTY', 'ERR-BODY-SHAPE', 'ERR-NO-5XX'], endpoint: 'member.listDigitalAccounts' },
  ),
  async ({ actors }) => {
    const actor = actors.mmA;
    // Minted by a simulator's control plane; elsewhere the profile's members.mmA.tokens.no_accounts.
    const given = await credential(actors, actor, 'no_accounts', { role: 'manager', accounts: [] });
    if (given.rights.accounts?.length !== 0)
      skipFor(`needs profile credential ${given.source} declared with accounts: []`);
    const { token } = given;
    expectRefusal(await actor.client.call('member.listDigitalAccounts', { token }), {
      status: 404,
      requirement: 'ACC-LIST-EMPTY',
    });
  },
);

/** `<account>*<country>.<member>.<domain>`: the tokenizer's way to name any member's account; the domain is the profile's. */
function addressing(account: string, country: string, member: string, domain: string): string {
  return `${account}*${country}.${member}.${domain}`;
}

async function resolve(tokenizer: Actor, addressingIdentification: string) {
  return tokenizer.client.call('tokenizer.getAccountAddress', {
    query: { addressing_identification: addressingIdentification },
  });
}

/** The member's memberInfo, its own account list, and the tokenizer's resolution of `name`. */
async function addressingParts(actors: Actors, actor: Actor) {
  const info = okBody<MemberInfo>(
    await actors.tokenizer.client.call('tokenizer.getMember', {
      path: { member_identification: actor.identification },
    }),
    schemaRef('memberInfo'),
    'DIR-MEMBER-GET',
    'RES-DIRECTORY-SCHEMAS',
  );
  return { info, accounts: await ownAccounts(actor.client) };
}

test(
  ...check('directory.account-address', 'resolves an addressing identifier to the member’s account', {
    verifies: ['DIR-ACCOUNT-ADDRESS', 'RES-DIRECTORY-SCHEMAS'],
    endpoint: 'tokenizer.getAccountAddress',
  }),
  async ({ actors, target }) => {
    for (const actor of [actors.mmA, actors.mmB]) {
      const { info, accounts } = await addressingParts(actors, actor);
      const resolved = new Map<string, string>();
      for (const account of actor.accounts) {
        const name = addressing(account, info.country_code, actor.identification, target.service_domain);
        const found = okBody<DigitalAccount>(
          await resolve(actors.tokenizer, name),
          accountSchema,
          'DIR-ACCOUNT-ADDRESS',
          'RES-DIRECTORY-SCHEMAS',
        );
        resolved.set(name, found.distributed_ledger_account_address);
        expectFor(
          'DIR-ACCOUNT-ADDRESS',
          found.distributed_ledger_account_address,
          `${name} resolves to the address ${actor.identification} sees for ${account}`,
        ).toBe(addressOf(accounts, account, 'ACC-LIST'));
        if (found.identification !== undefined)
          expectFor('DIR-ACCOUNT-ADDRESS', found.identification, `${name} names account ${account}`).toBe(account);
      }
      expectAddresses(resolved, 'DIR-ACCOUNT-ADDRESS');
      expectFor(
        'DIR-ACCOUNT-ADDRESS',
        new Set(resolved.values()).size,
        `the operating accounts of ${actor.identification} resolve to distinct addresses`,
      ).toBe(actor.accounts.length);
    }
  },
);

// The reference profile: what an empty account part and emission name (semantics, Members), and the
// parameter required though the spec marks it optional (line 414).
test(
  ...check(
    'directory.account-address-emission',
    'resolves an empty account part and emission to the member’s issuance account',
    { verifies: ['DIR-ACCOUNT-ADDRESS-EMISSION'], endpoint: 'tokenizer.getAccountAddress' },
  ),
  async ({ actors, target }) => {
    for (const actor of [actors.mmA, actors.mmB]) {
      const { info, accounts } = await addressingParts(actors, actor);
      // The issuance account: as memberInfo gives it, else as the member's own list does (a token may hide it).
      const emission = info.distributed_ledger_emission_account_address ?? accounts.get('emission');
      const operating = new Set(actor.accounts.map((account) => addressOf(accounts, account, 'ACC-LIST')));
      for (const account of ['', 'emission']) {
        const name = addressing(account, info.country_code, actor.identification, target.service_domain);
        const found = okBody<DigitalAccount>(
          await resolve(actors.tokenizer, name),
          accountSchema,
          'DIR-ACCOUNT-ADDRESS-EMISSION',
        );
        if (emission !== undefined)
          expectFor(
            'DIR-ACCOUNT-ADDRESS-EMISSION',
            found.distributed_ledger_account_address,
            `${name} resolves to the issuance account of ${actor.identification}`,
          ).toBe(emission);
        expectFor(
          'DIR-ACCOUNT-ADDRESS-EMISSION',
          operating.has(found.distributed_ledger_account_address),
          `${name} resolves to an operating account of ${actor.identification}`,
        ).toBe(false);
        if (found.identification !== undefined)
          expectFor('DIR-ACCOUNT-ADDRESS-EMISSION', found.identification, `${name} names the issuance account`).toBe(
            'emission',
          );
      }
    }
  },
);

test(
  ...check(
    'directory.account-address-required',
    'refuses GET /account-address without addressing_identification with 400',
    { verifies: ['DIR-ACCOUNT-ADDRESS-REQUIRED'], endpoint: 'tokenizer.getAccountAddress' },
  ),
  async ({ actors }) => {
    expectRefusal(await actors.tokenizer.client.call('tokenizer.getAccountAddress'), {
      status: 400,
      requirement: 'DIR-ACCOUNT-ADDRESS-REQUIRED',
    });
  },
);

test(
  ...check(
    'directory.account-address-refusals',
    'refuses a malformed addressing identifier with 400, and an unknown member or account with 404',
    {
      verifies: ['DIR-ACCOUNT-ADDRESS', 'DIR-ACCOUNT-ADDRESS-STATUS', 'ERR-BODY-SHAPE'],
      endpoint: 'tokenizer.getAccountAddress',
    },
  ),
  async ({ actors, target }) => {
    const member = actors.mmA.identification;
    const account = actors.mmA.accounts[0] ?? 'main';
    const info = okBody<MemberInfo>(
      await actors.tokenizer.client.call('tokenizer.getMember', { path: { member_identification: member } }),
      schemaRef('memberInfo'),
      'DIR-MEMBER-GET',
      'RES-DIRECTORY-SCHEMAS',
    );
    const country = info.country_code;

    const malformed = [
      `${account}.${country}.${member}.${target.service_domain}`, // no `*`
      `${account}*${country}`, // no member label
      `${account}*`,
    ];
    for (const name of malformed)
      expectRefusal(await resolve(actors.tokenizer, name), { status: 400, requirement: 'DIR-ACCOUNT-ADDRESS' });
    // Without its service domain the value may be read as malformed (400) or as an address the service does not
    // have (404): line 414 lists both, so both pass; the reference's 400 is DIR-ACCOUNT-ADDRESS-STATUS.
    const undomained = await resolve(actors.tokenizer, `${account}*${country}.${member}`);
    expectRefusal(undomained, { status: [400, 404], requirement: 'DIR-ACCOUNT-ADDRESS' });
    expectReferenceStatus(undomained, 400, 'DIR-ACCOUNT-ADDRESS-STATUS');

    const unknown = [
      addressing(account, country, `nobody-${member}`.slice(0, 32), target.service_domain),
      addressing(`nosuch-${randomBytes(4).toString('hex')}`, country, member, target.service_domain),
    ];
    for (const name of unknown)
      expectRefusal(await resolve(actors.tokenizer, name), { status: 404, requirement: 'DIR-ACCOUNT-ADDRESS' });
  },
);
