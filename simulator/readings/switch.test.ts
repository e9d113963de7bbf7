import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseNetworkFile } from '../network/network-file.ts';
import { startSimulator } from '../server.ts';
import { readingCatalogue } from './catalogue.ts';

/** How a reading variant is switched: at start, by a network file, on the control plane; and how `dss sim` lists them. */

const dss = fileURLToPath(new URL('../../bin/dss.js', import.meta.url));
type Listed = Array<{ name: string; enabled: boolean; spec_lines: number[] }>;

test('readings switch on at start, join from a network file, switch on the control plane and stay on across resets', async () => {
  const network = parseNetworkFile(
    'readings: [empty-lists-200]\nmembers:\n  - { identification: tkn-a, role: tokenizer, country: US, bic: TKNAUS33 }\n',
    'test.yaml',
  );
  const sim = await startSimulator({ port: 0, network, readings: ['exchange-rejected'] });
  try {
    const enabled = async () =>
      ((await (await fetch(`${sim.url}/sim/readings`)).json()) as Listed)
        .filter((row) => row.enabled)
        .map((row) => row.name)
        .sort();
    expect(await enabled()).toEqual(['empty-lists-200', 'exchange-rejected']);
    const listed = (await (await fetch(`${sim.url}/sim/readings`)).json()) as Listed;
    expect(listed.map((row) => row.name)).toEqual(Object.keys(readingCatalogue));
    expect(listed.find((row) => row.name === 'mismatch-401')?.spec_lines).toContain(512);

    const switched = await fetch(`${sim.url}/sim/readings`, {
      method: 'POST',
      body: JSON.stringify({ enable: ['mismatch-401'], disable: ['exchange-rejected'] }),
    });
    expect(switched.status).toBe(200);
    expect(await enabled()).toEqual(['empty-lists-200', 'mismatch-401']);
    await fetch(`${sim.url}/sim/reset`, { method: 'POST', body: JSON.stringify({ network: 'empty' }) });
    expect(await enabled()).toEqual(['empty-lists-200', 'mismatch-401']);

    const unknown = await fetch(`${sim.url}/sim/readings`, {
      method: 'POST',
      body: JSON.stringify({ enable: ['no-such-reading'] }),
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { long_message: string }).long_message).toContain(
      'unknown readings: no-such-reading',
    );
  } finally {
    await sim.close();
  }
});

test('a network file naming an unknown reading is refused with the valid ones', () => {
  expect(() =>
    parseNetworkFile(
      'readings: [rounding-up]\nmembers:\n  - { identification: tkn-a, role: tokenizer, country: US, bic: TKNAUS33 }\n',
      'test.yaml',
    ),
  ).toThrow(/readings\/0 must be equal to one of the allowed values/);
});

test('dss sim --list-readings lists every reading with its spec lines and declaration; an unknown --readings exits 2 naming the known ones', () => {
  const listing = spawnSync(process.execPath, [dss, 'sim', '--list-readings'], { encoding: 'utf8' });
  expect(listing.status).toBe(0);
  for (const name of Object.keys(readingCatalogue)) expect(listing.stdout).toContain(`${name}\n`);
  expect(listing.stdout).toContain('a profile declares readings: { string_bodies: named }');
  const unknown = spawnSync(process.execPath, [dss, 'sim', '--readings', 'exchange-rejected,rounding-up'], {
    encoding: 'utf8',
  });
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain('unknown readings: rounding-up');
  expect(unknown.stderr).not.toMatch(/\n\s+at /);
});
