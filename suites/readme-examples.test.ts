import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parseProfile } from './runtime/profile.ts';

/** The README's examples run as written: its profile is valid and has what the checks need. */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

test('the README profile example is a valid profile whose tokenizer issues the two assets the exchange checks need', () => {
  const yaml = /```yaml\n(base_url: https:\/\/dss\.example\.com[\s\S]*?)```/.exec(readme)?.[1];
  expect(yaml, 'the README has its profile example').toBeDefined();
  const profile = parseProfile(yaml ?? '', 'README.md', { TKN_TOKEN: 't', MMA_TOKEN: 'a', MMB_TOKEN: 'b' });
  expect(profile.members.tokenizer.assets).toHaveLength(2);
  expect(profile.members.mmA.accounts.length).toBeGreaterThanOrEqual(2);
});

test('the README says where $TOKEN comes from, and merges shards with the command dss report takes', () => {
  expect(readme).toMatch(/TOKEN=\$\(curl -s http:\/\/127\.0\.0\.1:4010\/sim\/network/);
  expect(readme).toContain('npx dss report reports/*.json');
});
