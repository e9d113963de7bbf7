import { randomBytes } from 'node:crypto';
import { listOf, text } from '../../../schemas/spec-types.ts';
import { okBody } from '../../flows/answers.ts';
import { optionalMember } from '../../flows/party.ts';
import { check, warnShould, expectStatus } from '../../runtime/check.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import type { DssClient } from '../../runtime/client.ts';
import { test, type Actors } from '../../runtime/fixtures.ts';
import { expectRefusal, expectRefusalShould } from '../../runtime/refusal.ts';
import { isSuccess } from './reads.ts';

/**
 * The allowlist (spec: GET, POST and DELETE /members/allowlist; semantics §6): a one-way set per member,
 * changed only by its owner. Other checks of the same worker rely on the allowlists being as they were,
 * so every check here puts them back.
 */

const allowlistSchema = listOf(text);

async function readAllowlist(client: DssClient, requirement = 'ALLOWLIST-LIST'): Promise<string[]> {
  return okBody(await client.call('member.getAllowlist'), allowlistSchema, requirement, 'RES-ALLOWLIST-SCHEMAS');
}

function occurrences(list: readonly string[], member: string): number {
  return list.filter((entry) => entry === member).length;
}

/**
 * Runs `steps` on mmA's allowlist with mmB taken off it first, and puts mmB back as it was whatever happens.
 * `expectList(count, requirement, when)`: mmB is listed `count` times and the rest of the list is unchanged.
 */
async function withAllowlistOfB(
  actors: Actors,
  steps: (
    client: DssClient,
    member: string,
    expectList: (count: number, requirement: string, when: string) => Promise<void>,
  ) => Promise<void>,
): Promise<void> {
  const client = actors.mmA.client;
  const member = actors.mmB.identification;
  const before = await readAllowlist(client);
  const others = before.filter((entry) => entry !== member);
  const expectList = async (count: number, requirement: string, when: string) => {
    const list = await readAllowlist(client);
    expectFor(requirement, occurrences(list, member), `entries of ${member} in the allowlist ${when}`).toBe(count);
    expectFor(
      'ALLOWLIST-LIST',
      list.filter((entry) => entry !== member).sort(),
      `the rest of the allowlist ${when}`,
    ).toEqual([...others].sort());
  };
  try {
    if (before.includes(member))
      expectStatus(await client.call('member.removeFromAllowlist', { body: member }), 200, 'ALLOWLIST-LIST');
    await steps(client, member, expectList);
  } finally {
    if (before.includes(member)) await client.call('member.addToAllowlist', { body: member });
  }
}

test(
  ...check('allowlist.add-remove', 'adds and removes a member, listing it once while it is on the list', {
    verifies: ['ALLOWLIST-LIST', 'RES-ALLOWLIST-SCHEMAS'],
    endpoint: 'member.addToAllowlist',
  }),
  async ({ actors }) => {
    const reverseBefore = occurrences(await readAllowlist(actors.mmB.client), actors.mmA.identification);
    await withAllowlistOfB(actors, async (client, member, expectList) => {
      // The body is the identifier as a JSON string, or the object form the target declares (suites/runtime/client.ts).
      expectStatus(await client.call('member.addToAllowlist', { body: member }), 200, 'ALLOWLIST-LIST');
      await expectList(1, 'ALLOWLIST-LIST', 'after adding it');
      // One-way: the added member's own list does not change.
      expectFor(
        'ALLOWLIST-LIST',
        occurrences(await readAllowlist(actors.mmB.client), actors.mmA.identification),
        `entries of ${actors.mmA.identification} in the allowlist of ${member}, which only ${member} changes`,
      ).toBe(reverseBefore);
      expectStatus(await client.call('member.removeFromAllowlist', { body: member }), 200, 'ALLOWLIST-LIST');
      await expectList(0, 'ALLOWLIST-LIST', 'after removing it');
    });
  },
);

// The reference profile: adding a listed member or removing an unlisted one succeeds and changes nothing. A
// check of its own, so that a target refusing the repeat leaves the specification's ALLOWLIST-LIST decided above.
test(
  ...check('allowlist.idempotent', 'adds a listed member and removes an unlisted one with 200, changing nothing', {
    verifies: ['ALLOWLIST-IDEMPOTENT'],
    endpoint: 'member.addToAllowlist',
  }),
  async ({ actors }) => {
    await withAllowlistOfB(actors, async (client, member, expectList) => {
      expectStatus(await client.call('member.addToAllowlist', { body: member }), 200, 'ALLOWLIST-LIST');
      expectStatus(await client.call('member.addToAllowlist', { body: member }), 200, 'ALLOWLIST-IDEMPOTENT');
      await expectList(1, 'ALLOWLIST-IDEMPOTENT', 'after adding it twice');
      expectStatus(await client.call('member.removeFromAllowlist', { body: member }), 200, 'ALLOWLIST-LIST');
      expectStatus(await client.call('member.removeFromAllowlist', { body: member }), 200, 'ALLOWLIST-IDEMPOTENT');
      await expectList(0, 'ALLOWLIST-IDEMPOTENT', 'after removing it twice');
    });
  },
);

// The reference profile: the body as a bare JSON string, whatever form the target declared for the rest of the run.
test(
  ...check('allowlist.bare-string', 'adds and removes a member named by a bare JSON string body', {
    verifies: ['STRING-BODY-BARE'],
    endpoint: 'member.addToAllowlist',
  }),
  async ({ actors }) => {
    await withAllowlistOfB(actors, async (client, member, expectList) => {
      expectStatus(
        await client.call('member.addToAllowlist', { rawBody: JSON.stringify(member) }),
        200,
        'STRING-BODY-BARE',
      );
      await expectList(1, 'STRING-BODY-BARE', 'after adding it with a bare string body');
      expectStatus(
        await client.call('member.removeFromAllowlist', { rawBody: JSON.stringify(member) }),
        200,
        'STRING-BODY-BARE',
      );
      await expectList(0, 'STRING-BODY-BARE', 'after removing it with a bare string body');
    });
  },
);

test(
  ...check(
    'allowlist.refusals',
    'never lists an identifier that names no member (the reference refuses it with 400); refuses the caller itself',
    {
      verifies: [
        'ALLOWLIST-UNKNOWN-MEMBER',
        'ALLOWLIST-UNKNOWN-MEMBER-REFUSED',
        'ALLOWLIST-SELF',
        'ERR-BODY-SHAPE',
        'RES-ALLOWLIST-SCHEMAS',
      ],
      endpoint: 'member.addToAllowlist',
    },
  ),
  async ({ actors }) => {
    const client = actors.mmA.client;
    const self = actors.mmA.identification;
    const before = (await readAllowlist(client, 'ALLOWLIST-UNKNOWN-MEMBER')).sort();

    const nobody = `nobody-${randomBytes(6).toString('hex')}`;
    // The allowlist is a set of members (spec line 22): what the spec demands is that no one else gets on it.
    // Refusing with 400 is the listed answer that fits and the reference's (ALLOWLIST-UNKNOWN-MEMBER-REFUSED).
    expectRefusalShould(await client.call('member.addToAllowlist', { body: nobody }), {
      status: 400,
      requirement: 'ALLOWLIST-UNKNOWN-MEMBER-REFUSED',
    });
    expectFor(
      'ALLOWLIST-UNKNOWN-MEMBER',
      (await readAllowlist(client, 'ALLOWLIST-UNKNOWN-MEMBER')).sort(),
      `the allowlist after adding ${nobody}, who is no member`,
    ).toEqual(before);

    // The spec does not forbid listing oneself, so accepting it is a warning; the list is then put back.
    const response = await client.call('member.addToAllowlist', { body: self });
    if (isSuccess(response)) {
      warnShould(
        false,
        `POST /members/allowlist with the caller itself was accepted (${response.status})`,
        'ALLOWLIST-SELF',
      );
      if (!before.includes(self)) await client.call('member.removeFromAllowlist', { body: self });
      return;
    }
    expectRefusal(response, { status: 400, requirement: 'ALLOWLIST-SELF', level: 'SHOULD' });
    expectFor(
      'ALLOWLIST-SELF',
      (await readAllowlist(client, 'ALLOWLIST-SELF')).sort(),
      'the allowlist after the caller tried to add itself',
    ).toEqual(before);
  },
);

test(
  ...check('allowlist.empty', 'answers an empty array, not an error, to a member that has allowlisted nobody', {
    verifies: ['ALLOWLIST-LIST', 'RES-ALLOWLIST-SCHEMAS'],
    endpoint: 'member.getAllowlist',
  }),
  async ({ actors }) => {
    // Elsewhere the profile's blank market maker, which no check allowlists anyone for.
    const fresh = await optionalMember(actors, 'blank_maker', {
      business_role: 'MMM',
      country_code: actors.mmA.member?.country_code ?? 'GB',
    });
    const response = await fresh.client.call('member.getAllowlist');
    expectFor(
      'ALLOWLIST-LIST',
      okBody(response, allowlistSchema, 'ALLOWLIST-LIST', 'RES-ALLOWLIST-SCHEMAS'),
      `the allowlist of the new member ${fresh.identification}`,
    ).toEqual([]);
  },
);
