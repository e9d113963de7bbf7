import { expect, test } from '@playwright/test';
import { createState } from '../state.ts';
import { allowlistTarget } from './allowlist-target.ts';

test('the target of an allowlist body must be another existing member, unless fault allowlist-unknown-member-accepted is on', async () => {
  const state = await createState();
  state.members.add({ identification: 'maker-de', bicfi: 'MAKRDEFF', business_role: 'MMM', country_code: 'DE' });
  state.members.add({ identification: 'maker-fr', bicfi: 'MAKRFRPP', business_role: 'MMM', country_code: 'FR' });
  expect(allowlistTarget(state, 'maker-de', 'maker-fr')).toBe('maker-fr');
  expect(allowlistTarget(state, 'maker-de', { member_identification: 'maker-fr' })).toBe('maker-fr');
  expect(() => allowlistTarget(state, 'maker-de', 'maker-de')).toThrow(/^ALLOWLIST-SELF: /);
  expect(() => allowlistTarget(state, 'maker-de', 'nobody-here')).toThrow(/^ALLOWLIST-UNKNOWN-MEMBER: /);

  state.faults.enable('allowlist-unknown-member-accepted');
  expect(allowlistTarget(state, 'maker-de', 'nobody-here')).toBe('nobody-here');
  expect(() => allowlistTarget(state, 'maker-de', 'maker-de')).toThrow(/^ALLOWLIST-SELF: /);
});
