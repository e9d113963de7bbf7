import { test, expect } from '@playwright/test';
import { schemaRef } from './resources.ts';
import { validate } from './validators.ts';

test.describe('validate', () => {
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
});
