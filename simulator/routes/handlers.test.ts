import { test, expect } from '@playwright/test';
import { endpoints } from '../../schemas/endpoints.ts';
import type { Handlers } from '../http/call.ts';
import { memberHandlers } from './member.ts';
import { tokenizerHandlers } from './tokenizer.ts';

/**
 * The handler maps are keyed by the catalogue's EndpointId, with path parameters read off each template: the
 * type checker refuses a misspelt key, a missing endpoint and a path parameter the template lacks (the
 * `@ts-expect-error` lines fail `tsc`, and so typecheck.test.ts, if any compiled), and at run time each
 * family's map holds exactly its endpoints.
 */

test('each family has exactly one handler per catalogue endpoint', () => {
  const ids = (family: string) =>
    endpoints
      .filter((endpoint) => endpoint.family === family)
      .map((endpoint) => endpoint.id)
      .sort();
  expect(Object.keys(memberHandlers).sort()).toEqual(ids('member'));
  expect(Object.keys(tokenizerHandlers).sort()).toEqual(ids('tokenizer'));
});

// Read by the type checker only: each line below is a mistake that must not compile.
const answer = () => undefined;
// @ts-expect-error getBalanse is no endpoint of the member family
void ({ 'member.getBalanse': answer } satisfies Partial<Handlers<'member'>>);
// @ts-expect-error a tokenizer endpoint is not a member handler
void ({ 'tokenizer.getMember': answer } satisfies Partial<Handlers<'member'>>);
const { 'tokenizer.getMember': _left, ...incomplete } = tokenizerHandlers;
// @ts-expect-error tokenizer.getMember has no handler
void (incomplete satisfies Handlers<'tokenizer'>);
// @ts-expect-error member.getBalance's template (/balances/digital-accounts/{account_identification}) has no member_identification
void ({ 'member.getBalance': ({ path }) => path.member_identification } satisfies Partial<Handlers<'member'>>);
void ({ 'member.getBalance': ({ path }) => path.account_identification.length } satisfies Partial<Handlers<'member'>>);
// The query is typed from the endpoint's entry too: its parameters by name, a closed set as its values.
// @ts-expect-error member.getBalance takes no query parameter type
void ({ 'member.getBalance': ({ query }) => query.type } satisfies Partial<Handlers<'member'>>);
// @ts-expect-error asset_code_identification is optional on member.getBalance: it may be undefined
void ({ 'member.getBalance': ({ query }) => query.asset_code_identification.length } satisfies Partial<
  Handlers<'member'>
>);
const queue = (type: 'charge' | 'payment' | 'transactions' | 'quotations') => type;
void ({ 'member.readGatewayMessages': ({ query }) => queue(query.type) } satisfies Partial<Handlers<'member'>>);
// addressing_identification is required by the reference but optional in the spec's column: a reading
// (optional-inputs-defaulted) lets it be left out, so the handler must read it as possibly undefined.
void ({
  // @ts-expect-error addressing_identification may be undefined
  'tokenizer.getAccountAddress': ({ query }) => query.addressing_identification.length,
} satisfies Partial<Handlers<'tokenizer'>>);
