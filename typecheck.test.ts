import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';

/**
 * The whole project type-checks (`tsc --noEmit`, as `npm run typecheck`), as one of the tests: it then
 * runs beside the others instead of before them all, and a type error is reported with its place and
 * message like any failure.
 */
test('the project type-checks', async () => {
  // A safety net: about 20 s of CPU after `npm ci`, 7 s when tsconfig.json's cache holds an earlier run's
  // work, several times that on a loaded machine.
  test.setTimeout(600_000);
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const root = fileURLToPath(new URL('.', import.meta.url));
  const child = spawn(process.execPath, [tsc, '--noEmit', '--pretty', 'false'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(output.trim(), 'type errors').toBe('');
  expect(code).toBe(0);
});
