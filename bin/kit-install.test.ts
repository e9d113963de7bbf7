import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  npm,
  packKit,
  quietNpm,
  startInstalledSimulator,
  succeeded,
  writeLockedProject,
} from '../test-support/packed-kit.ts';

/**
 * The kit as a vendor installs it: `npm pack`, installed into an empty folder, runs `dss --help`,
 * `dss sim` and a short `dss test` against that simulator, from compiled JavaScript with no TypeScript
 * loader (neither tsx nor typescript is installed with it). The install is offline: the folder gets a
 * lockfile holding the kit's tarball and the kit's own locked dependencies (test-support/packed-kit.ts),
 * so that `npm ci --offline` takes everything from npm's cache, filled by the project's own `npm ci`.
 * About a minute on a quiet machine; most of it is npm unpacking Playwright.
 */

test('the packed kit installs offline into an empty folder and runs dss --help, dss sim and dss test', async () => {
  test.setTimeout(15 * 60_000);
  const work = mkdtempSync(join(tmpdir(), 'dss-kit-install-'));
  try {
    const app = join(work, 'app');
    mkdirSync(app);
    const packed = packKit(app);

    const files = packed.files;
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/dss.js',
        'bin/build.js',
        'dist/bin/cli.js',
        'dist/bin/cli.d.ts',
        'dist/suites/conformance.config.js',
        'dist/suites/requirements/1.0.0.yaml',
        'dist/simulator/server.js',
        'README.md',
      ]),
    );
    expect(
      files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')),
      'TypeScript sources in the package',
    ).toEqual([]);
    expect(
      files.filter((file) => /\.test\.(js|d\.ts)$/.test(file)),
      'the project’s own tests in the package',
    ).toEqual([]);
    // The runtime's miniature conformance run is compiled for suites/runtime/fixtures.test.ts only.
    expect(
      files.filter((file) => file.startsWith('dist/suites/runtime/self-test/')),
      'the runtime’s self-test in the package',
    ).toEqual([]);

    writeLockedProject(app, packed, { name: 'kit-install-check', declared: true, dev: false });
    succeeded(
      spawnSync(npm, ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: app,
        encoding: 'utf8',
        env: quietNpm(),
      }),
    );
    expect(existsSync(join(app, 'node_modules/tsx')), 'tsx installed with the kit').toBe(false);
    expect(existsSync(join(app, 'node_modules/typescript')), 'typescript installed with the kit').toBe(false);

    // The command npm linked, as `npx dss` runs it.
    const dss = join(app, 'node_modules/.bin/dss');
    const help = succeeded(spawnSync(dss, ['--help'], { cwd: app, encoding: 'utf8' }));
    expect(help.stdout).toContain('Usage: dss <command>');

    const simulator = await startInstalledSimulator(dss, app);
    try {
      const reportDir = join(app, 'reports');
      const run = spawnSync(
        dss,
        ['test', '--target', simulator.url, '--grep', 'target\\.reachable', '--report-dir', reportDir],
        { cwd: app, encoding: 'utf8', env: { ...process.env, CI: '1', DSS_PROFILE: '', DSS_TARGET: '' } },
      );
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.status, output).toBe(0);
      const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as {
        config: { rootDir: string };
        stats: { expected: number; unexpected: number };
      };
      expect(results.stats.unexpected, output).toBe(0);
      expect(results.stats.expected, output).toBeGreaterThan(0);
      expect(existsSync(join(reportDir, 'conformance.json')), output).toBe(true);
      // The checks ran from the installed kit's compiled files.
      expect(results.config.rootDir).toBe(join(app, 'node_modules', 'dss-conformance', 'dist', 'suites', 'checks'));
    } finally {
      await simulator.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
