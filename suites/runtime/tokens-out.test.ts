import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { substituteEnv } from './env-substitution.ts';
import { variableAt, writeTokensOut } from './tokens-out.ts';

test('renewed tokens come out as the profile’s ${NAME} lines, privately, and feed the next run’s substitution', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-tokens-out-'));
  try {
    const profile = join(dir, 'p.yaml');
    const text =
      'members:\n  mmA:\n    token: "${MMA_TOKEN}"\n    tokens:\n      session: { token: "${MMA_SESSION:-x}" }\n  mmB:\n    token: literal-token\n';
    writeFileSync(profile, text);
    const out = join(dir, 'tokens.env');
    writeTokensOut(out, profile, {
      'members.mmA.tokens.session.token': 'eyJ.new.session',
      'members.mmB.token': 'renewed-b',
    });
    const lines = readFileSync(out, 'utf8').split('\n');
    expect(lines).toContain('MMA_SESSION=eyJ.new.session');
    expect(lines).toContain(
      '# members.mmB.token was renewed, but the profile writes it literally: give it as ${NAME} to chain runs through this file',
    );
    expect(statSync(out).mode & 0o777).toBe(0o600);
    // What a shell would export from it is what the next run substitutes.
    const env = Object.fromEntries(
      lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.split('=') as [string, string]),
    );
    expect(substituteEnv(text, env).text).toContain('session: { token: "eyJ.new.session" }');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a path into member sets finds its variable; a value that is not only a reference has none', () => {
  const source = { member_sets: [{}, { mmA: { token: '${S1_MMA}', tokens: { viewer: { token: 'pre-${X}' } } } }] };
  expect(variableAt(source, 'member_sets[1].mmA.token')).toBe('S1_MMA');
  expect(variableAt(source, 'member_sets[1].mmA.tokens.viewer.token')).toBeNull();
  expect(variableAt(source, 'member_sets[0].mmA.token')).toBeNull();
});
