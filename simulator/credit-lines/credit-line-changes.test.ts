import { test, expect } from '@playwright/test';
import {
  changeCreditLineAsMember,
  changeCreditLineAsTokenizer,
  type MemberCreditLineChange,
} from './credit-line-changes.ts';
import {
  USD,
  USDDSO,
  fundLine,
  issueDsoDirectly,
  refusal,
  valueNetwork,
} from '../../test-support/simulator/value-network.ts';

function usdRequest(overrides: Partial<MemberCreditLineChange> = {}): MemberCreditLineChange {
  return {
    account_identification: 'main',
    asset_code_identification: 'USD',
    credit_line_state: 'request',
    member_identification: 'tokenizer-us',
    maximum_credit_limit: 1000,
    ...overrides,
  };
}

test.describe('member credit line requests', () => {
  test('a DSA request opens a line in state request on the operating account, without any allowlist', async () => {
    const { state, principal } = await valueNetwork();
    changeCreditLineAsMember(state, await principal('maker-aa'), usdRequest({ end_to_end_identification: 'cl-1' }));
    expect(state.ledger.creditLine('maker-aa', 'main', USD)).toMatchObject({
      state: 'request',
      maximum_credit_limit: 1000,
      end_to_end_identification: 'cl-1',
    });
  });

  test('a repeated request changes the limit, and a limit below the balance is refused with the ledger’s reason', async () => {
    const { state, principal } = await valueNetwork();
    const holder = await principal('maker-aa');
    fundLine(state, 'maker-aa', 'main', USD, 1000, '600');
    changeCreditLineAsMember(state, holder, usdRequest({ maximum_credit_limit: 700 }));
    expect(state.ledger.creditLine('maker-aa', 'main', USD)).toMatchObject({
      state: 'allow',
      maximum_credit_limit: 700,
    });
    const below = refusal(() => changeCreditLineAsMember(state, holder, usdRequest({ maximum_credit_limit: 500 })));
    expect(below).toMatchObject({ status: 404, code: 'CREDIT-LINE-REFUSED' });
    expect(below?.detail).toContain('below the current balance');
  });

  test('every refused request is CREDIT-LINE-REFUSED (404) and opens nothing', async () => {
    const { state, principal } = await valueNetwork();
    issueDsoDirectly(state, USDDSO);
    const aa = await principal('maker-aa');
    const bb = await principal('maker-bb');
    const dsoFromAa = { asset_code_identification: 'USDDSO', member_identification: 'maker-aa' };
    // Each case with a fragment of the reason it must be refused for, so an earlier check cannot hide a missing one.
    const cases: [() => void, string][] = [
      [
        () => changeCreditLineAsMember(state, aa, usdRequest({ member_identification: 'nobody-xx' })),
        'No member nobody-xx',
      ],
      [
        () => changeCreditLineAsMember(state, aa, usdRequest({ asset_code_identification: 'EUR' })),
        'issues no settlement instrument EUR',
      ],
      [
        () => changeCreditLineAsMember(state, aa, usdRequest({ account_identification: 'emission' })),
        'has no operating account emission',
      ],
      [
        () => changeCreditLineAsMember(state, aa, usdRequest({ account_identification: 'third' })),
        'has no operating account third',
      ],
      [
        () => changeCreditLineAsMember(state, aa, usdRequest({ maximum_credit_limit: undefined })),
        'maximum_credit_limit is required',
      ],
      [
        () => changeCreditLineAsMember(state, aa, usdRequest({ maximum_credit_limit: 0 })),
        'must be a positive integer',
      ],
      [() => changeCreditLineAsMember(state, bb, usdRequest(dsoFromAa)), 'held on the holder’s emission account'],
      [
        () => changeCreditLineAsMember(state, bb, usdRequest({ ...dsoFromAa, account_identification: 'emission' })),
        'on its allowlist',
      ],
      [
        () =>
          changeCreditLineAsMember(
            state,
            bb,
            usdRequest({ credit_line_state: 'allow', member_identification: 'maker-aa' }),
          ),
        'maker-bb issues no settlement instrument USD',
      ],
      [
        () =>
          changeCreditLineAsMember(
            state,
            aa,
            usdRequest({
              ...dsoFromAa,
              credit_line_state: 'revoke',
              member_identification: 'maker-bb',
              account_identification: 'emission',
            }),
          ),
        'has not requested a credit line',
      ],
    ];
    for (const [action, reason] of cases) {
      const refused = refusal(action);
      expect(refused, reason).toMatchObject({ status: 404, code: 'CREDIT-LINE-REFUSED' });
      expect(refused?.detail).toContain(reason);
    }
    expect(state.ledger.creditLines()).toEqual([]);
  });

  test('a request for an account the token does not grant is a 401, not a refusal', async () => {
    const { state, principal } = await valueNetwork();
    const narrow = await principal('maker-aa', { accounts: ['second'] });
    expect(refusal(() => changeCreditLineAsMember(state, narrow, usdRequest()))).toMatchObject({
      status: 401,
      code: 'AUTH-ACCOUNT-FORBIDDEN',
    });
  });
});

test.describe('DSO credit lines and the allowlist', () => {
  test('the holder allowlists the issuer to request, the issuer allowlists the holder to allow; revoke needs neither', async () => {
    const { state, principal } = await valueNetwork();
    issueDsoDirectly(state, USDDSO);
    const issuer = await principal('maker-aa');
    const holder = await principal('maker-bb');
    const request = usdRequest({
      asset_code_identification: 'USDDSO',
      member_identification: 'maker-aa',
      account_identification: 'emission',
    });
    const decision = (credit_line_state: 'allow' | 'revoke') =>
      usdRequest({
        asset_code_identification: 'USDDSO',
        member_identification: 'maker-bb',
        account_identification: 'emission',
        credit_line_state,
      });

    state.allowlists.add('maker-bb', 'maker-aa');
    changeCreditLineAsMember(state, holder, request);
    expect(refusal(() => changeCreditLineAsMember(state, issuer, decision('allow')))?.code).toBe('CREDIT-LINE-REFUSED');
    expect(state.ledger.creditLine('maker-bb', 'emission', USDDSO)?.state).toBe('request');

    state.allowlists.add('maker-aa', 'maker-bb');
    changeCreditLineAsMember(state, issuer, decision('allow'));
    expect(state.ledger.creditLine('maker-bb', 'emission', USDDSO)?.state).toBe('allow');

    state.allowlists.remove('maker-aa', 'maker-bb');
    state.allowlists.remove('maker-bb', 'maker-aa');
    changeCreditLineAsMember(state, issuer, decision('revoke'));
    expect(state.ledger.creditLine('maker-bb', 'emission', USDDSO)?.state).toBe('revoke');
  });
});

test.describe('tokenizer credit line decisions', () => {
  test('the tokenizer allows and revokes a DSA line of a member’s operating account', async () => {
    const { state, principal } = await valueNetwork();
    const tokenizer = await principal('tokenizer-us');
    changeCreditLineAsMember(state, await principal('maker-aa'), usdRequest({ account_identification: 'second' }));
    const decision = {
      account_identification: 'second',
      asset_code_identification: 'USD',
      member_identification: 'maker-aa',
    };
    changeCreditLineAsTokenizer(state, tokenizer, 'tokenizer-us', { ...decision, credit_line_state: 'allow' });
    expect(state.ledger.creditLine('maker-aa', 'second', USD)?.state).toBe('allow');
    changeCreditLineAsTokenizer(state, tokenizer, 'tokenizer-us', { ...decision, credit_line_state: 'revoke' });
    expect(state.ledger.creditLine('maker-aa', 'second', USD)?.state).toBe('revoke');
  });

  test('another tokenizer’s identifier in the path is a 401; a change that cannot be made is a 404', async () => {
    const { state, principal } = await valueNetwork();
    const tokenizer = await principal('tokenizer-us');
    changeCreditLineAsMember(state, await principal('maker-aa'), usdRequest());
    const allow = {
      account_identification: 'main',
      asset_code_identification: 'USD',
      member_identification: 'maker-aa',
      credit_line_state: 'allow' as const,
    };
    expect(refusal(() => changeCreditLineAsTokenizer(state, tokenizer, 'tokenizer-eu', allow))).toMatchObject({
      status: 401,
      code: 'AUTH-IDENTITY-MISMATCH',
    });
    for (const change of [
      { ...allow, asset_code_identification: 'EUR' },
      { ...allow, account_identification: 'emission' },
      { ...allow, member_identification: 'nobody-xx' },
      { ...allow, member_identification: 'maker-bb' },
    ]) {
      expect(
        refusal(() => changeCreditLineAsTokenizer(state, tokenizer, 'tokenizer-us', change)),
        JSON.stringify(change),
      ).toMatchObject({ status: 404, code: 'CREDIT-LINE-REFUSED' });
    }
    expect(state.ledger.creditLine('maker-aa', 'main', USD)?.state).toBe('request');
  });
});

test('fault credit-line-allow-by-non-issuer: a market maker revokes and allows a line of the tokenizer’s DSA', async () => {
  const { state, principal } = await valueNetwork();
  changeCreditLineAsMember(state, await principal('maker-aa'), usdRequest());
  const bb = await principal('maker-bb');
  const revoke: MemberCreditLineChange = {
    account_identification: 'main',
    asset_code_identification: 'USD',
    credit_line_state: 'revoke',
    member_identification: 'maker-aa',
  };
  expect(refusal(() => changeCreditLineAsMember(state, bb, revoke))).toMatchObject({
    status: 404,
    code: 'CREDIT-LINE-REFUSED',
  });
  state.faults.enable('credit-line-allow-by-non-issuer');
  changeCreditLineAsMember(state, bb, revoke);
  expect(state.ledger.creditLine('maker-aa', 'main', USD)?.state).toBe('revoke');
  changeCreditLineAsMember(state, bb, { ...revoke, credit_line_state: 'allow' });
  expect(state.ledger.creditLine('maker-aa', 'main', USD)?.state).toBe('allow');
  // Still no line is found where the holder holds none.
  expect(
    refusal(() => changeCreditLineAsMember(state, bb, { ...revoke, account_identification: 'second' })),
  ).toMatchObject({ status: 404, code: 'CREDIT-LINE-REFUSED' });
});

test('fault holder-revokes-own-line: the holder revokes its own DSA line by naming the tokenizer that issues it', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  fundLine(state, 'maker-aa', 'main', USD, 1000, '1');
  const ownRevoke: MemberCreditLineChange = {
    account_identification: 'main',
    asset_code_identification: 'USD',
    credit_line_state: 'revoke',
    member_identification: 'tokenizer-us',
  };
  expect(refusal(() => changeCreditLineAsMember(state, aa, ownRevoke))).toMatchObject({
    status: 404,
    code: 'CREDIT-LINE-REFUSED',
  });
  expect(state.ledger.creditLine('maker-aa', 'main', USD)?.state).toBe('allow');
  state.faults.enable('holder-revokes-own-line');
  changeCreditLineAsMember(state, aa, ownRevoke);
  expect(state.ledger.creditLine('maker-aa', 'main', USD)?.state).toBe('revoke');
  // An allow by the holder is still refused: the fault is the revoke's reading only.
  expect(
    refusal(() => changeCreditLineAsMember(state, aa, { ...ownRevoke, credit_line_state: 'allow' })),
  ).toMatchObject({ status: 404, code: 'CREDIT-LINE-REFUSED' });
});
