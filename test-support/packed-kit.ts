import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The kit as a vendor gets it: `npm pack` of this checkout, and a project that installs the tarball
 * offline. npm resolves a tarball's dependencies from the registry; offline, the project's lockfile
 * gives it the same answers, the kit's own locked dependencies (package-lock.json), so npm takes
 * everything from its cache, filled by this checkout's own `npm ci`.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface PackedKit {
  /** The tarball's file name, in the folder it was packed to. */
  filename: string;
  integrity: string;
  /** The paths the package holds. */
  files: string[];
}

/** Packs the kit into `destination`: what `npm pack` builds through `prepare`, without building twice (dist/ with its declarations). */
export function packKit(destination: string): PackedKit {
  succeeded(
    spawnSync(process.execPath, ['bin/build.js', '--if-stale', '--declarations'], { cwd: root, encoding: 'utf8' }),
  );
  const packing = succeeded(
    spawnSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], {
      cwd: root,
      encoding: 'utf8',
      env: quietNpm(),
    }),
  );
  const [packed] = JSON.parse(packing.stdout) as Array<{
    filename: string;
    integrity: string;
    files: Array<{ path: string }>;
  }>;
  if (!packed) throw new Error(`npm pack listed no package:\n${packing.stdout}`);
  return { filename: packed.filename, integrity: packed.integrity, files: packed.files.map((file) => file.path) };
}

export interface LockedProject {
  name: string;
  /** The kit is in package.json too (then `npm ci` installs it), or only in the lockfile (for `npm install <tarball>`). */
  declared: boolean;
  /** A dev-dependency, as `npm install --save-dev` makes it. */
  dev: boolean;
  /** Where the tarball is, from `dir` (default: in it). */
  tarball?: string;
}

/**
 * `dir` as a project whose lockfile holds the packed kit and every dependency the kit's own lockfile
 * holds for it (dev dependencies left out), at the same places.
 */
export function writeLockedProject(dir: string, kit: PackedKit, options: LockedProject): void {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies: Record<string, string>;
    bin: Record<string, string>;
    engines: Record<string, string>;
    license: string;
  };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const dependency = `file:${options.tarball ?? kit.filename}`;
  const field = options.dev ? 'devDependencies' : 'dependencies';
  const dev = options.dev ? { dev: true } : {};
  const packages: Record<string, unknown> = {
    '': { name: options.name, [field]: { [manifest.name]: dependency } },
    [`node_modules/${manifest.name}`]: {
      version: manifest.version,
      resolved: dependency,
      integrity: kit.integrity,
      ...dev,
      license: manifest.license,
      dependencies: manifest.dependencies,
      bin: manifest.bin,
      engines: manifest.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path.startsWith('node_modules/') && !entry.dev) packages[path] = { ...entry, ...dev };
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: options.name, private: true, ...(options.declared ? { [field]: { [manifest.name]: dependency } } : {}) }, null, 2)}\n`,
  );
  writeFileSync(
    join(dir, 'package-lock.json'),
    `${JSON.stringify({ name: options.name, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
}

export function succeeded(run: SpawnSyncReturns<string>): SpawnSyncReturns<string> {
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`exit ${run.status}:\n${run.stdout}\n${run.stderr}`);
  return run;
}

/** npm without its update check and funding notes, so its output is only what the test reads. */
export function quietNpm(): NodeJS.ProcessEnv {
  return { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' };
}

/** The installed kit's `dss sim --port 0 [args]`, once it prints its URL. */
export function startInstalledSimulator(
  dss: string,
  cwd: string,
  args: string[] = [],
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(dss, ['sim', '--port', '0', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
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
