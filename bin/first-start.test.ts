import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * The first `npx dss` in a fresh clone. `npx` does not find a package's own bin in node_modules/.bin,
 * so it installs the clone into npm's cache as a `file:` dependency, and that install runs the package's
 * `prepare` script again, with its output hidden: when `prepare` was a whole build, the first
 * `npx dss --help` after `npm ci` sat silent for 12 s (measured 2026-12-02). `prepare` must therefore
 * build what is missing and nothing else. Checked on a small package laid out like the kit (the real
 * build.js and build-lock.js, one source file, the real `prepare` script), so a whole build takes
 * seconds, not the kit's minute of tsc.
 */

const root = fileURLToPath(new URL('../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function kitShapedPackage() {
  const dir = mkdtempSync(join(tmpdir(), 'dss-first-start-'));
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'simulator'));
  for (const file of ['build.js', 'build-lock.js']) copyFileSync(join(root, 'bin', file), join(dir, 'bin', file));
  const { prepare } = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'first-start-check',
      version: '1.0.0',
      type: 'module',
      private: true,
      scripts: { prepare },
    }),
  );
  writeFileSync(join(dir, 'simulator', 'server.ts'), 'export const answer: number = 42;\n');
  writeFileSync(
    join(dir, 'tsconfig.build.json'),
    JSON.stringify({
      compilerOptions: {
        declaration: true,
        emitDeclarationOnly: true,
        noCheck: true,
        rootDir: '.',
        outDir: 'dist',
        module: 'nodenext',
        skipLibCheck: true,
        types: [],
      },
      include: ['simulator'],
    }),
  );
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function runPrepare(dir: string) {
  const run = spawnSync(npm, ['run', '--silent', 'prepare'], { cwd: dir, encoding: 'utf8' });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  return `${run.stdout}${run.stderr}`;
}

test('prepare builds a fresh clone whole, then does nothing when run again on that build (the first npx dss)', () => {
  const dir = kitShapedPackage();
  try {
    // npm ci in a fresh clone: the whole build, said step by step, with the declarations.
    const first = runPrepare(dir);
    expect(first).toContain('dss: building dist/: compiling');
    expect(first).toContain('writing type declarations');
    expect(readFileSync(join(dir, 'dist', 'simulator', 'server.d.ts'), 'utf8')).toContain('answer: number');
    const stamp = join(dir, 'dist', '.build-stamp.json');
    const built = statSync(stamp).mtimeMs;

    // The install npx makes of the clone: nothing to build, nothing said, the stamp untouched.
    expect(runPrepare(dir)).toBe('');
    expect(statSync(stamp).mtimeMs).toBe(built);

    // An edited source after that: prepare (npm pack, say) builds again, declarations included.
    writeFileSync(join(dir, 'simulator', 'server.ts'), 'export const answer: string = "42";\n');
    expect(runPrepare(dir)).toContain('writing type declarations');
    expect(readFileSync(join(dir, 'dist', 'simulator', 'server.d.ts'), 'utf8')).toContain('answer: string');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
