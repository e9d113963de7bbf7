// @ts-check
/**
 * The build lock: one process builds dist/ while others that need it wait (the self-check starts
 * dozens of commands at once). The lock is a directory, because its creation is atomic; the holder
 * writes `owner.json` (pid, host) into it, so that a lock left by a killed build (Ctrl-C during
 * `npm ci`, a CI job cancelled) is seen for what it is at once, instead of after a long wait.
 * Plain JavaScript, like bin/build.js: it runs before anything is compiled.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';

/** A lock whose owner never wrote its name (killed between mkdir and write) is taken after this long. */
const UNNAMED_LOCK_MS = 30_000;

/**
 * @typedef {{ pid: number, host: string }} LockOwner
 * @typedef {{ log?: (line: string) => void, waitMs?: number }} LockOptions
 */

/**
 * Runs `work` holding `lockDir`. While another live process holds it, waits (saying so once) up to
 * `waitMs`; a lock whose holder is gone is removed and taken at once, with a line saying so.
 * @template T
 * @param {string} lockDir @param {() => T} work @param {LockOptions} [options]
 * @returns {T}
 */
export function withLock(lockDir, work, options = {}) {
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const deadline = Date.now() + (options.waitMs ?? 10 * 60_000);
  let toldWaiting = false;
  mkdirSync(dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockDir);
    const gone = owner ? ownerIsGone(owner) : ageMs(lockDir) > UNNAMED_LOCK_MS;
    if (gone) {
      log(
        `dss: ${owner ? `the build of process ${owner.pid}` : 'a build'} left ${lockDir} behind and is no longer running; taking the lock over`,
      );
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `dist/ is locked by ${owner ? `process ${owner.pid} on ${owner.host}` : 'another build'} (${lockDir}); remove that folder if no build is running`,
      );
    }
    if (!toldWaiting) {
      log(`dss: waiting for ${owner ? `process ${owner.pid}` : 'another process'} to finish building dist/ ...`);
      toldWaiting = true;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  try {
    /** @type {LockOwner} */
    const me = { pid: process.pid, host: hostname() };
    writeFileSync(join(lockDir, 'owner.json'), JSON.stringify(me));
    return work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** @param {string} lockDir @returns {LockOwner | null} */
function readOwner(lockDir) {
  try {
    const owner = JSON.parse(readFileSync(join(lockDir, 'owner.json'), 'utf8'));
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Whether the lock's owner has ended. Only a process on this host can be asked; a lock written on
 * another host (a shared folder) is never taken over.
 * @param {LockOwner} owner
 */
function ownerIsGone(owner) {
  if (owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'ESRCH';
  }
}

/** @param {string} lockDir */
function ageMs(lockDir) {
  try {
    return Date.now() - statSync(lockDir).mtimeMs;
  } catch {
    return 0;
  }
}
