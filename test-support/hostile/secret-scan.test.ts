import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import { scanBytes, scanDirectory } from './secret-scan.ts';
import { zipEntries } from './zip-entries.ts';

/** The hostile-target tests trust this scan to say "no leak": it must find a secret however a report encodes it. */

const secret = {
  label: 'the mmA token',
  value: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJtbSJ9.c2VjcmV0LXNpZ25hdHVyZS12YWx1ZQ',
};

test('a secret is found as is, and in base64 or base64url at any byte offset', () => {
  for (const prefix of ['', 'a', 'ab', 'abc']) {
    const embedded = Buffer.from(`{"body":"${prefix}${secret.value}!"}`);
    expect(scanBytes(Buffer.from(`x ${secret.value} y`), 'plain', [secret])).toEqual([
      { where: 'plain', label: 'the mmA token' },
    ]);
    expect(
      scanBytes(Buffer.from(embedded.toString('base64')), 'b64', [secret]),
      `offset ${prefix.length}`,
    ).toHaveLength(1);
    expect(
      scanBytes(Buffer.from(embedded.toString('base64url')), 'b64url', [secret]),
      `offset ${prefix.length}`,
    ).toHaveLength(1);
  }
  expect(scanBytes(Buffer.from('nothing to see'), 'clean', [secret])).toEqual([]);
});

test('a secret deflated in a zip inside an HTML data URL (Playwright’s report) is found, and named by entry', () => {
  const zip = zipOf({
    'report.json': JSON.stringify({ attachments: [{ body: Buffer.from(secret.value).toString('base64') }] }),
    'clean.json': '{}',
  });
  expect([...zipEntries(zip).keys()]).toEqual(['report.json', 'clean.json']);
  const html = `<script>const x = "data:application/zip;base64,";</script><template>data:application/zip;base64,${zip.toString('base64')}</template>`;
  expect(scanBytes(Buffer.from(html), 'html/index.html', [secret])).toEqual([
    { where: 'html/index.html > report.json', label: 'the mmA token' },
  ]);
});

test('every file below a directory is scanned', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-scan-'));
  try {
    mkdirSync(join(dir, '.run', 'deep'), { recursive: true });
    writeFileSync(join(dir, 'clean.txt'), 'clean');
    writeFileSync(join(dir, '.run', 'deep', 'tokens.json'), JSON.stringify({ mmA: secret.value }));
    expect(scanDirectory(dir, [secret])).toEqual([
      { where: join('.run', 'deep', 'tokens.json'), label: 'the mmA token' },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A minimal zip with deflated entries and data descriptors, laid out as Playwright writes it. */
function zipOf(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = deflateRawSync(Buffer.from(text));
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(0x0808, 6); // sizes deferred to the central directory
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(text.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
