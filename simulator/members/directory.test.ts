import { expect, test } from '@playwright/test';
import { createState } from '../state.ts';
import { listMembers, memberInfo, wellFormedMemberIdentification } from './directory.ts';
import { EMISSION } from './registry.ts';
import { shownAddress } from './shown-address.ts';

test('a member identifier of 5 to 32 letters, digits or hyphens passes as it is', () => {
  for (const identification of ['mm-london', 'abcde', 'A1-b2', 'x'.repeat(32)])
    expect(wellFormedMemberIdentification(identification)).toBe(identification);
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

test('memberInfo gives the issuance account’s address, unless fault emission-address-of-operating-account gives the first operating account’s', async () => {
  const state = await createState();
  const member = state.members.add({
    identification: 'maker-de',
    bicfi: 'MAKRDEFF',
    business_role: 'MMM',
    country_code: 'DE',
  });
  const [emission, main] = [
    shownAddress(state, member.accounts.get(EMISSION)!),
    shownAddress(state, member.accounts.get('main')!),
  ];
  expect(emission).not.toBe(main);
  expect(memberInfo(state, member).distributed_ledger_emission_account_address).toBe(emission);
  state.faults.enable('emission-address-of-operating-account');
  expect(memberInfo(state, member).distributed_ledger_emission_account_address).toBe(main);
});
