import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { withLock } from './build-lock.js';

function freshLockDir() {
  const root = mkdtempSync(join(tmpdir(), 'dss-build-lock-'));
  return { root, lockDir: join(root, 'dist', '.build-lock') };
}

/** A pid that was a process and is not one any more. */
function pidOfEndedProcess() {
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(ended.stdout);
}

test('the lock is taken, the work runs, and the lock is gone afterwards (with its parent folder made)', () => {
  const { root, lockDir } = freshLockDir();
  try {
    const seenDuring = withLock(lockDir, () => existsSync(join(lockDir, 'owner.json')), { log: () => {} });
    expect(seenDuring).toBe(true);
    expect(existsSync(lockDir)).toBe(false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a lock left by a build whose process is gone is taken over at once, and says so', () => {
  const { root, lockDir } = freshLockDir();
  try {
    const deadPid = pidOfEndedProcess();
    mkdirSync(lockDir, { recursive: true });
    writeFileSync(join(lockDir, 'owner.json'), JSON.stringify({ pid: deadPid, host: hostname() }));
    const lines: string[] = [];
    // No waiting allowed: if the lock were not taken over, this would throw at once.
    const ran = withLock(lockDir, () => true, { log: (line) => lines.push(line), waitMs: 0 });
    expect(ran).toBe(true);
    expect(lines).toEqual([expect.stringContaining(`the build of process ${deadPid} left`)]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a lock held by a live process is waited for, said once, and named when the wait ends', async () => {
  const { root, lockDir } = freshLockDir();
  const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    await new Promise((resolve) => holder.once('spawn', resolve));
    mkdirSync(lockDir, { recursive: true });
    writeFileSync(join(lockDir, 'owner.json'), JSON.stringify({ pid: holder.pid, host: hostname() }));
    const lines: string[] = [];
    let ran = false;
    expect(() => withLock(lockDir, () => (ran = true), { log: (line) => lines.push(line), waitMs: 300 })).toThrow(
      `dist/ is locked by process ${holder.pid} on ${hostname()}`,
    );
    expect(ran).toBe(false);
    expect(lines).toEqual([`dss: waiting for process ${holder.pid} to finish building dist/ ...`]);
    expect(existsSync(lockDir), 'a live holder’s lock is left alone').toBe(true);
  } finally {
    holder.kill();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a lock written on another host is never taken over, even when its pid is unused here', () => {
  const { root, lockDir } = freshLockDir();
  try {
    mkdirSync(lockDir, { recursive: true });
    writeFileSync(
      join(lockDir, 'owner.json'),
      JSON.stringify({ pid: pidOfEndedProcess(), host: `${hostname()}-elsewhere` }),
    );
    expect(() => withLock(lockDir, () => true, { log: () => {}, waitMs: 0 })).toThrow(
      'on ' + `${hostname()}-elsewhere`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
