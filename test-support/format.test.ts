import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * The code is as Prettier writes it (.prettierrc.json: 120 columns; .prettierignore says what is left
 * alone): `npx prettier --write .` fixes what this finds.
 */
test('every code file is formatted by Prettier', () => {
  test.setTimeout(5 * 60_000);
  const root = fileURLToPath(new URL('../', import.meta.url));
  const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');
  const run = spawnSync(process.execPath, [prettier, '--check', '--log-level', 'warn', '.'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(run.error).toBeUndefined();
  // --check prints one `[warn] <file>` per file it would change, and a last line that counts them; in
  // colour, as Playwright's workers ask for.
  const unformatted = run.stderr
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => /^\[warn\] (\S+)$/.exec(line)?.[1])
    .filter((file) => file !== undefined);
  expect(unformatted, `${run.stdout}${run.stderr}\nrun \`npx prettier --write .\` to format them`).toEqual([]);
  expect(run.status, run.stderr).toBe(0);
});
