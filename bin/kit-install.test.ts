import { test, expect } from '@playwright/test';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The kit as a vendor installs it: `npm pack`, installed into an empty folder, runs `dss --help`,
 * `dss sim` and a short `dss test` against that simulator, from compiled JavaScript with no TypeScript
 * loader (neither tsx nor typescript is installed with it). The install is offline: the folder gets a
 * lockfile holding the kit's tarball and the kit's own locked dependencies (package-lock.json), so that
 * `npm ci --offline` takes everything from npm's cache, filled by the project's own `npm ci`.
 * About a minute on a quiet machine; most of it is npm unpacking Playwright.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface PackedFile {
  path: string;
}

test('the packed kit installs offline into an empty folder and runs dss --help, dss sim and dss test', async () => {
  test.setTimeout(15 * 60_000);
  const work = mkdtempSync(join(tmpdir(), 'dss-kit-install-'));
  try {
    // What `npm pack` builds through `prepare`, without building twice: dist/ with its declarations.
    succeeded(spawnSync(process.execPath, ['bin/build.js', '--if-stale', '--declarations'], { cwd: root, encoding: 'utf8' }));
    const app = join(work, 'app');
    mkdirSync(app);
    const packing = succeeded(spawnSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', app], { cwd: root, encoding: 'utf8', env: quietNpm() }));
    const [packed] = JSON.parse(packing.stdout) as Array<{ filename: string; integrity: string; files: PackedFile[] }>;
    if (!packed) throw new Error(`npm pack listed no package:\n${packing.stdout}`);

    const files = packed.files.map((file) => file.path);
    expect(files).toEqual(expect.arrayContaining(['bin/dss.js', 'bin/build.js', 'dist/bin/cli.js', 'dist/bin/cli.d.ts', 'dist/suites/conformance.config.js', 'dist/suites/requirements/1.0.0.yaml', 'dist/simulator/server.js', 'README.md']));
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')), 'TypeScript sources in the package').toEqual([]);
    expect(files.filter((file) => /\.test\.(js|d\.ts)$/.test(file)), 'the project’s own tests in the package').toEqual([]);

    writeInstallFolder(app, packed.filename, packed.integrity);
    succeeded(spawnSync(npm, ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: app, encoding: 'utf8', env: quietNpm() }));
    expect(existsSync(join(app, 'node_modules/tsx')), 'tsx installed with the kit').toBe(false);
    expect(existsSync(join(app, 'node_modules/typescript')), 'typescript installed with the kit').toBe(false);

    // The command npm linked, as `npx dss` runs it.
    const dss = join(app, 'node_modules/.bin/dss');
    const help = succeeded(spawnSync(dss, ['--help'], { cwd: app, encoding: 'utf8' }));
    expect(help.stdout).toContain('Usage: dss <command>');

    const simulator = await startSimulator(dss, app);
    try {
      const reportDir = join(app, 'reports');
      const run = spawnSync(dss, ['test', '--target', simulator.url, '--grep', 'target\\.reachable', '--report-dir', reportDir], { cwd: app, encoding: 'utf8', env: { ...process.env, CI: '1', DSS_PROFILE: '', DSS_TARGET: '' } });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.status, output).toBe(0);
      const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { config: { rootDir: string }; stats: { expected: number; unexpected: number } };
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

/**
 * An empty project that depends on the packed kit, with a lockfile: the kit's tarball, and every
 * dependency the kit's own lockfile holds for it (dev dependencies left out), at the same places.
 */
function writeInstallFolder(app: string, tarball: string, integrity: string): void {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string>; bin: Record<string, string>; engines: Record<string, string>; license: string };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const dependency = `file:${tarball}`;
  const packages: Record<string, unknown> = {
    '': { name: 'kit-install-check', dependencies: { [manifest.name]: dependency } },
    [`node_modules/${manifest.name}`]: { version: manifest.version, resolved: dependency, integrity, license: manifest.license, dependencies: manifest.dependencies, bin: manifest.bin, engines: manifest.engines },
  };
  for (const [path, entry] of Object.entries(lock.packages)) if (path.startsWith('node_modules/') && !entry.dev) packages[path] = entry;
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'kit-install-check', private: true, dependencies: { [manifest.name]: dependency } }, null, 2)}\n`);
  writeFileSync(join(app, 'package-lock.json'), `${JSON.stringify({ name: 'kit-install-check', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
}

function succeeded(run: SpawnSyncReturns<string>): SpawnSyncReturns<string> {
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`exit ${run.status}:\n${run.stdout}\n${run.stderr}`);
  return run;
}

/** npm without its update check and funding notes, so its output is only what the test reads. */
function quietNpm(): NodeJS.ProcessEnv {
  return { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' };
}

/** The installed kit's `dss sim --port 0`, once it prints its URL. */
function startSimulator(dss: string, cwd: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(dss, ['sim', '--port', '0'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: string) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, stop });
    };
    child.stdout.setEncoding('utf8').on('data', read);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`dss sim exited ${code} before listening:\n${output}`)));
  });
}
