import { test, expect } from '@playwright/test';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenStore } from './token-store.ts';

test('the token store keeps the latest token per role, privately', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'dss-tokens-')), 'tokens.json');
  const store = new TokenStore(file);
  expect(store.latest('mmA')).toBeUndefined();
  store.save('mmA', 'first');
  store.save('mmB', 'other');
  store.save('mmA', 'second');
  // A second store on the same file (a restarted worker) sees what the first one saved.
  expect(new TokenStore(file).latest('mmA')).toBe('second');
  expect(new TokenStore(file).latest('mmB')).toBe('other');
  expect(statSync(file).mode & 0o777).toBe(0o600);
});
