import { expect, test } from '@playwright/test';
import { createState } from '../state.ts';
import { addressedAccount } from './addressing.ts';

async function network() {
  const state = await createState();
  const tokenizer = state.members.add({
    identification: 'tokenizer-us',
    bicfi: 'TOKNUS33',
    business_role: 'MIS',
    country_code: 'US',
  });
  state.members.add({ identification: 'maker-de', bicfi: 'MAKRDEFF', business_role: 'MMM', country_code: 'DE' });
  return { state, tokenizer };
}

function refusalCode(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

test('an address names its member’s account; an empty account part the issuance account; no address at all is refused', async () => {
  const { state, tokenizer } = await network();
  expect(addressedAccount(state, tokenizer, 'main*DE.maker-de.dss.example').identification).toBe('main');
  expect(addressedAccount(state, tokenizer, '*DE.maker-de.dss.example')).toBe(
    state.members.get('maker-de')!.accounts.get('emission'),
  );
  expect(refusalCode(() => addressedAccount(state, tokenizer, 'main*FR.maker-de.dss.example'))).toBe(
    'ACCOUNT-ADDRESS-NOT-FOUND',
  );
  expect(refusalCode(() => addressedAccount(state, tokenizer, undefined))).toBe('ACCOUNT-ADDRESS-MALFORMED');
});

test('reading optional-inputs-defaulted: no address names the caller’s issuance account; an address is resolved as before', async () => {
  const { state, tokenizer } = await network();
  state.readings.enable('optional-inputs-defaulted');
  expect(addressedAccount(state, tokenizer, undefined)).toBe(tokenizer.accounts.get('emission'));
  expect(addressedAccount(state, tokenizer, 'main*DE.maker-de.dss.example').identification).toBe('main');
  expect(refusalCode(() => addressedAccount(state, tokenizer, 'main*FR.maker-de.dss.example'))).toBe(
    'ACCOUNT-ADDRESS-NOT-FOUND',
  );
});
