import { test, expect } from '@playwright/test';
import { referenceReadings } from '../../protocol/readings.ts';
import { parseProfile, profileDigest, ProfileError, writtenProfile } from './profile.ts';
import { withDetectedReadings } from './reading-detection.ts';
import { readingsJudgedUnder } from './target.ts';

/** A profile's `readings:` block: the target's readings of the open points one request cannot serve both ways (docs/readings.md). */

const members = `
base_url: https://dss.example.test
members:
  tokenizer: { identification: tkn-one, token: t1, accounts: [main] }
  mmA: { identification: mm-alpha, token: t2, accounts: [main] }
  mmB: { identification: mm-bravo, token: t3, accounts: [main] }
`;

function problemsOf(text: string): string[] {
  try {
    parseProfile(text, 'target.yaml', {});
  } catch (error) {
    if (error instanceof ProfileError) return error.problems;
    throw error;
  }
  throw new Error('expected a ProfileError');
}

test('without a readings block the run judges under the reference readings, each shown as the reference’s', () => {
  const profile = parseProfile(members, 'target.yaml', {});
  expect(profile.readings).toEqual(referenceReadings);
  expect(profile.declared_readings).toEqual([]);
  expect(readingsJudgedUnder(profile)).toEqual({
    string_bodies: { value: 'bare', source: 'reference' },
    amount_scale: { value: 7, source: 'reference' },
    dso_line_account: { value: 'emission', source: 'reference' },
  });
});

test('declared readings replace the reference’s key by key, are written back as declared, and change the digest', () => {
  const profile = parseProfile(`${members}readings: { string_bodies: named, amount_scale: 2 }\n`, 'target.yaml', {});
  expect(profile.readings).toEqual({ string_bodies: 'named', amount_scale: 2, dso_line_account: 'emission' });
  expect(readingsJudgedUnder(profile).amount_scale).toEqual({ value: 2, source: 'declared' });
  expect(readingsJudgedUnder(profile).dso_line_account).toEqual({ value: 'emission', source: 'reference' });
  const written = writtenProfile(profile);
  expect(written.readings).toEqual({ string_bodies: 'named', amount_scale: 2 });
  expect(parseProfile(JSON.stringify(written), 'profile.json', {}).readings).toEqual(profile.readings);
  expect(profileDigest(profile)).not.toBe(profileDigest(parseProfile(members, 'target.yaml', {})));
});

test('an unknown reading or a value outside its set is named with the valid choices', () => {
  expect(problemsOf(`${members}readings: { string_body: named, amount_scale: 13, dso_line_account: main }\n`)).toEqual([
    expect.stringContaining('/readings/amount_scale must be <= 12'),
    expect.stringContaining('/readings/dso_line_account must be equal to one of the allowed values'),
    expect.stringContaining(
      '/readings: unknown field "string_body" (valid: string_bodies, amount_scale, dso_line_account)',
    ),
  ]);
});

test('what preflight detected is followed but is no part of the profile: not written back, not in the digest', () => {
  const profile = parseProfile(`${members}readings: { string_bodies: named }\n`, 'target.yaml', {});
  const detected = withDetectedReadings(profile, {
    amount_scale: { value: 9, shown_by: 'GET /b answered balance "0.000000000"' },
  });
  expect(detected.readings).toEqual({ string_bodies: 'named', amount_scale: 9, dso_line_account: 'emission' });
  expect(writtenProfile(detected)).toEqual(writtenProfile(profile));
  // The shards of one run share the digest, whatever each detected on its own members.
  expect(profileDigest(detected)).toBe(profileDigest(profile));
});
