import { expect, test } from '@playwright/test';
import { shortStatement } from './short-statement.ts';
import { checkCountsText, readingsText } from './verdict-block.ts';

test('the readings judged under: "the reference\'s" when all are, otherwise each other one with its source', () => {
  expect(
    readingsText({
      string_bodies: { value: 'bare', source: 'reference' },
      amount_scale: { value: 7, source: 'reference' },
    }),
  ).toBe("the reference's");
  expect(
    readingsText({
      string_bodies: { value: 'named', source: 'declared' },
      amount_scale: { value: 2, source: 'declared' },
      dso_line_account: { value: 'emission', source: 'reference' },
    }),
  ).toBe(
    "string_bodies = named (declared by the profile), amount_scale = 2 (declared by the profile); the reference's for the rest",
  );
  expect(readingsText({ string_bodies: { value: 'named', source: 'declared' } })).toBe(
    'string_bodies = named (declared by the profile)',
  );
  // A detected reading names the call and answer that showed it.
  const shownBy =
    'GET /client/v1/api/balances/digital-accounts/main?asset_code_identification=USD as mm-a answered balance "250.000000000"';
  expect(
    readingsText({
      amount_scale: { value: 9, source: 'detected', shown_by: shownBy },
      dso_line_account: { value: 'emission', source: 'reference' },
    }),
  ).toBe(`amount_scale = 9 (detected: ${shownBy}); the reference's for the rest`);
  // A reading a check's answer contradicted is named, whatever its source.
  const midRun =
    'ledger.credit-line-request-allow: GET /client/v1/api/balances/digital-accounts/main answered balance "10.00": every amount written with 2 fraction digits';
  expect(
    readingsText({
      amount_scale: { value: 7, source: 'reference', shown_mid_run: midRun },
      string_bodies: { value: 'bare', source: 'reference' },
    }),
  ).toBe(
    `amount_scale = 7 (the reference's; CONTRADICTED mid-run by ${midRun}: checks judged under it may have failed for the reading, declare the target's); the reference's for the rest`,
  );
  // A report of a kit that wrote no readings into its target.json says so, and claims none.
  expect(readingsText(undefined)).toContain('not recorded');
});

test('a requirement decided by some checks and not by others is said with both counts', () => {
  expect(checkCountsText({ broken: 0, held: 12, not_reached: 2, not_run: 0 })).toBe(
    'held in 12 checks, 2 could not reach it',
  );
  expect(checkCountsText({ broken: 1, held: 3, not_reached: 0, not_run: 1 })).toBe(
    'broken in 1 check, held in 3, 1 not run here',
  );
  expect(checkCountsText({ broken: 0, held: 0, not_reached: 1, not_run: 0 })).toBe('1 check could not reach it');
  expect(checkCountsText({ broken: 0, held: 0, not_reached: 0, not_run: 0 })).toBe('no check names it');
});

test('a short statement is the first clause of the statement, cut at a word with an ellipsis when long', () => {
  expect(
    shortStatement(
      'When the RFI answers a payment (pacs.008) with an SVC.001 whose status is RJCT, no value moves: the balances of both members stay as they were.',
    ),
  ).toBe('When the RFI answers a payment (pacs.008) with an SVC.001 whose status is RJCT, no value moves');
  // A colon inside the first few words is no clause end.
  expect(shortStatement('A request without an Authorization: Bearer header is answered with 401.')).toBe(
    'A request without an Authorization: Bearer header is answered with 401',
  );
  const long = shortStatement(`Every response ${'of every endpoint '.repeat(20)}is JSON.`);
  expect(long.length).toBeLessThanOrEqual(150);
  expect(long).toMatch(/ every…$/);
});
