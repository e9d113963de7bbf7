import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipEntries } from './zip-entries.ts';

/**
 * Finds secrets in what a run left behind. Reports re-encode what they carry: Playwright's JSON
 * results hold attachments in base64, its HTML report holds a base64 zip of deflated JSON. So each
 * secret is looked for as is and in base64 at every byte alignment, and inside every embedded zip.
 */

export interface Secret {
  /** What the secret is (a test prints this, never the value). */
  label: string;
  value: string;
}

export interface Leak {
  /** The file, and the zip entry inside it when there is one. */
  where: string;
  label: string;
}

/** Every file below `dir`, recursively. */
export function scanDirectory(dir: string, secrets: readonly Secret[]): Leak[] {
  return filesBelow(dir).flatMap((file) => scanBytes(readFileSync(file), relative(dir, file), secrets));
}

export function scanBytes(content: Buffer, where: string, secrets: readonly Secret[]): Leak[] {
  const leaks = secrets
    .filter((secret) => encodings(secret.value).some((form) => content.includes(form)))
    .map(({ label }) => ({ where, label }));
  for (const zip of embeddedZips(content)) {
    for (const [name, entry] of zipEntries(zip)) leaks.push(...scanBytes(entry, `${where} > ${name}`, secrets));
  }
  return leaks;
}

/** The value, and the parts of its base64 and base64url encodings that depend on it alone. */
function encodings(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms = [value];
  for (let shift = 0; shift < 3; shift++) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    // Characters mixing in the zero prefix or the final partial group say nothing about the value.
    const start = Math.ceil((shift * 4) / 3);
    const end = Math.floor(padded.length / 3) * 4;
    for (const encoding of ['base64', 'base64url'] as const) {
      const form = padded.toString(encoding).slice(start, end);
      if (form.length >= 16) forms.push(form);
    }
  }
  return forms;
}

const ZIP_DATA_URL = 'data:application/zip;base64,';

function embeddedZips(content: Buffer): Buffer[] {
  const zips: Buffer[] = [];
  const text = content.toString('latin1');
  for (let at = text.indexOf(ZIP_DATA_URL); at !== -1; at = text.indexOf(ZIP_DATA_URL, at + 1)) {
    const data = /^[A-Za-z0-9+/=]+/.exec(text.slice(at + ZIP_DATA_URL.length))?.[0] ?? '';
    // The name also turns up in the report's own script, with no data after it.
    if (data !== '') zips.push(Buffer.from(data, 'base64'));
  }
  return zips;
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesBelow(path);
    return entry.isFile() ? [path] : [];
  });
}
