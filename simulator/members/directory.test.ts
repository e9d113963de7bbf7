import { expect, test } from '@playwright/test';
import { createState } from '../state.ts';
import { listMembers, wellFormedMemberIdentification } from './directory.ts';

test('a member identifier of 5 to 32 letters, digits or hyphens passes as it is', () => {
  for (const identification of ['mm-london', 'abcde', 'A1-b2', 'x'.repeat(32)]) expect(wellFormedMemberIdentification(identification)).toBe(identification);
});

test('an identifier no member can have is refused as MEMBER-ID-MALFORMED', () => {
  for (const identification of ['ab', 'abcd', 'abc*def', 'abc def', 'x'.repeat(33), 'münchen']) {
    expect(() => wellFormedMemberIdentification(identification), identification).toThrow(/^MEMBER-ID-MALFORMED: /);
  }
});

test('the country filter keeps the members of that country only, unless fault members-country-filter-ignored is on', async () => {
  const state = await createState();
  state.members.add({ identification: 'maker-de', bicfi: 'MAKRDEFF', business_role: 'MMM', country_code: 'DE' });
  state.members.add({ identification: 'maker-fr', bicfi: 'MAKRFRPP', business_role: 'MMM', country_code: 'FR' });
  const ofGermany = () => listMembers(state, { country_code: 'DE' }, false).map((member) => member.identification);
  expect(ofGermany()).toEqual(['maker-de']);
  state.faults.enable('members-country-filter-ignored');
  expect(ofGermany()).toEqual(['maker-de', 'maker-fr']);
});
