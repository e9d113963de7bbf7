import { test, expect } from '@playwright/test';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { resourceSchemas, schemaRef } from './resources.ts';
import { byte, patterns } from './spec-types.ts';
import { ajvOptions, patternTest, validate } from './validators.ts';

test.describe('validate', () => {
  test('amounts have at most the fraction digits of the scale asked for, the reference’s 7 by default', () => {
    const request = {
      instructed_currency_code: 'EUR',
      interbank_settlement_instrument: [
        { asset_code_identification: 'EUR', asset_group_identification: 'DSA', asset_issuer_identification: 'tkn' },
      ],
      member_identification: 'mm',
      request_uuid: '6f1c2a52-7a4b-4d3e-9f1a-0b2c3d4e5f60',
    };
    expect(validate(schemaRef('chargeRequest'), { ...request, instructed_net_amount: 1.1234567 })).toEqual({
      valid: true,
    });
    expect(validate(schemaRef('chargeRequest'), { ...request, instructed_net_amount: 1.12345678 })).toEqual({
      valid: false,
      errors: ['/instructed_net_amount must have at most 7 fraction digits'],
    });
    expect(validate(schemaRef('chargeRequest'), { ...request, instructed_net_amount: 1.123456789 }, 9)).toEqual({
      valid: true,
    });
    expect(validate(schemaRef('chargeRequest'), { ...request, instructed_net_amount: 1.125 }, 2)).toEqual({
      valid: false,
      errors: ['/instructed_net_amount must have at most 2 fraction digits'],
    });
  });

  test('reports every problem with its instance path', () => {
    const result = validate(schemaRef('balanceInfo'), { account_identification: 7, balance: 1 });
    expect(result).toEqual({
      valid: false,
      errors: [
        "must have required property 'asset_code_identification'",
        '/account_identification must be string',
        '/balance must be string',
      ],
    });
  });

  test('inline schemas may refer to resources, at any depth', () => {
    const list = { type: 'array', items: schemaRef('digitalAccount') };
    expect(validate(list, [{ distributed_ledger_account_address: 'GA' }])).toEqual({ valid: true });
    expect(validate(list, [{ distributed_ledger_account_address: 'GA' }, {}])).toEqual({
      valid: false,
      errors: ["/1 must have required property 'distributed_ledger_account_address'"],
    });
  });

  test('schemaRef hands out one object per resource, so compiled validators are reused', () => {
    expect(schemaRef('memberInfo')).toBe(schemaRef('memberInfo'));
    expect(Object.isFrozen(schemaRef('memberInfo'))).toBe(true);
  });

  test('the same inline schema object validates again with the same outcome', () => {
    const schema = { type: 'string', format: 'date' };
    expect(validate(schema, '2024-01-31').valid).toBe(true);
    expect(validate(schema, '2024-01-32')).toEqual({ valid: false, errors: ['must match format "date"'] });
  });

  test('strict mode refuses schemas with unknown keywords instead of accepting everything', () => {
    expect(() => validate({ type: 'string', minLenght: 3 }, 'x')).toThrow(/unknown keyword/);
  });

  // The validator skips this check at start (validators.ts): it is done once here.
  test('every resource schema is valid against the JSON Schema 2020-12 meta-schema', () => {
    const ajv = new Ajv2020Module.default({ ...ajvOptions, validateSchema: true });
    addFormatsModule.default(ajv);
    const problems = Object.entries(resourceSchemas).flatMap(([name, schema]) =>
      ajv.validateSchema(schema) ? [] : [`${name}: ${ajv.errorsText(ajv.errors)}`],
    );
    expect(problems).toEqual([]);
    // The check can fail: a schema whose type is not a type name is refused.
    expect(ajv.validateSchema({ type: 'text' })).toBe(false);
  });

  test('the base64 pattern is tested as the regular expression would test it', () => {
    const pattern = new RegExp(patterns.base64, 'u');
    const fast = patternTest(patterns.base64, 'u');
    const agree = (text: string) => expect(fast.test(text), JSON.stringify(text)).toBe(pattern.test(text));
    // Near misses of every kind: padding in the middle or three long, a wrong length, a line break, base64url.
    for (const text of [
      '',
      'QQ==',
      'QUI=',
      'QUJD',
      'QQ=',
      'Q===',
      '====',
      'QQ==QUJD',
      'QU=I',
      'QUJD\n',
      'QUJ-',
      'QUJ_',
      'QUJD ',
      ' QUJD',
      '=QUJ',
      'QUJDQQ',
      'é'.repeat(4),
    ])
      agree(text);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9+/=\-_ é]{0,24}$/), (text) => agree(text)),
      { numRuns: 2000 },
    );
    // Whole base64 of random bytes: the pattern's real inputs.
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => agree(Buffer.from(bytes).toString('base64'))),
      { numRuns: 500 },
    );
    // And ajv uses it for the `byte` type.
    expect(validate(byte, 'QUJD')).toEqual({ valid: true });
    expect(validate(byte, 'QUJDQ')).toEqual({ valid: false, errors: [`must match pattern "${patterns.base64}"`] });
  });
});
