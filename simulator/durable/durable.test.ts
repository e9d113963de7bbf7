import { expect, test } from '@playwright/test';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulatorProcess, type SimulatorProcess } from '../../test-support/simulator-process.ts';

/** `dss sim --state-dir`: what was answered survives a SIGKILL; a torn record is dropped; another version's store is refused. */

const countries = ['GB', 'FR', 'DE', 'NL', 'SG'];
let serial = 0;
function newMember(): { identification: string; bicfi: string; business_role: 'MMM'; country_code: string } {
  serial += 1;
  const country = countries[serial % countries.length]!;
  const letters = String(serial)
    .padStart(4, '0')
    .replace(/[0-9]/g, (digit) => 'ABCDEFGHIJ'[Number(digit)]!);
  return {
    identification: `durable-${serial}`,
    bicfi: `${letters}${country}2L`,
    business_role: 'MMM',
    country_code: country,
  };
}

async function memberIds(sim: SimulatorProcess): Promise<string[]> {
  const network = (await (await fetch(`${sim.url}/sim/network`)).json()) as {
    members: Array<{ identification: string }>;
  };
  return network.members.map((member) => member.identification);
}

test('every change answered before a SIGKILL in the middle of traffic is there after the restart, clock and tokens included', async () => {
  test.setTimeout(600_000);
  const directory = mkdtempSync(join(tmpdir(), 'dss-state-'));
  const first = await startSimulatorProcess(['--state-dir', directory]);
  const acknowledged: Array<{ identification: string; token: string }> = [];
  let latestNow = 0;
  let killed = false;
  // Four clients adding members and moving the clock until the simulator is killed under them.
  const client = async () => {
    while (!killed) {
      try {
        const member = newMember();
        const answer = await fetch(`${first.url}/sim/members`, { method: 'POST', body: JSON.stringify(member) });
        if (answer.status === 200)
          acknowledged.push({
            identification: member.identification,
            token: ((await answer.json()) as { token: string }).token,
          });
        const moved = await fetch(`${first.url}/sim/clock`, {
          method: 'POST',
          body: JSON.stringify({ advance_ms: 60_000 }),
        });
        if (moved.status === 200) latestNow = Math.max(latestNow, ((await moved.json()) as { now: number }).now);
      } catch {
        return; // the connection died with the process
      }
    }
  };
  const clients = Array.from({ length: 4 }, client);
  // Killed once enough answers came back, with every client still sending.
  while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
  killed = true;
  expect((await first.kill()).signal).toBe('SIGKILL');
  await Promise.all(clients);

  const second = await startSimulatorProcess(['--state-dir', directory]);
  try {
    const members = await memberIds(second);
    expect(acknowledged.filter((member) => !members.includes(member.identification))).toEqual([]);
    const clock = (await (await fetch(`${second.url}/sim/clock`)).json()) as { now: number };
    expect(clock.now).toBeGreaterThanOrEqual(latestNow);
    // A token answered before the crash still authenticates: sessions and the signing key were kept.
    const last = acknowledged[acknowledged.length - 1]!;
    const call = await fetch(`${second.url}/client/v1/api/members/allowlist`, {
      headers: { authorization: `Bearer ${last.token}` },
    });
    expect(call.status).not.toBe(401);
  } finally {
    await second.stop();
  }

  // A record cut short by a crash while writing is dropped with a message; the records before it stay.
  appendFileSync(
    join(directory, 'state.journal'),
    '12345 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n{"root":',
  );
  const third = await startSimulatorProcess(['--state-dir', directory]);
  try {
    expect(third.stderr()).toMatch(
      /state\.journal: the last record \(\d+ bytes at offset \d+\) is incomplete or damaged/,
    );
    const members = await memberIds(third);
    expect(acknowledged.filter((member) => !members.includes(member.identification))).toEqual([]);
  } finally {
    await third.stop();
  }
});

test('a store written by another version is refused with one line and exit status 2', async () => {
  test.setTimeout(300_000);
  const directory = mkdtempSync(join(tmpdir(), 'dss-state-'));
  const sim = await startSimulatorProcess(['--state-dir', directory]);
  await sim.stop();
  const path = join(directory, 'state.journal');
  writeFileSync(path, readFileSync(path, 'utf8').replace(/ kit [^\n]+\n/, ' kit 0.0.0-other\n'));
  const refused = await startSimulatorProcess(['--state-dir', directory]).then(
    () => 'started',
    (error: Error) => error.message,
  );
  expect(refused).toContain('code 2');
  expect(refused).toContain('was written by another version (dss-state format 2 kit 0.0.0-other');
  expect(refused).not.toMatch(/\n\s+at /);
});
