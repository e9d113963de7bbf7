import { test, expect } from '@playwright/test';
import { withReferenceReadings, type DeclaredReadings } from '../../protocol/readings.ts';
import { declaredBy, type ReadingName } from '../../simulator/readings/catalogue.ts';
import { startSimulator } from '../../simulator/server.ts';
import { onboardHoldings } from '../self-check/readings-onboarding.ts';
import { send } from './http.ts';
import { detectReadings, withDetectedReadings, type TargetRead } from './reading-detection.ts';
import { decodeRunSettings, encodeRunSettings, runSettings } from './run-settings.ts';
import { profileFromSimulator, readingsJudgedUnder } from './target.ts';
import { parseProfile, type Profile } from './profile.ts';
import { startTestServer } from '../../test-support/test-server.ts';
import { directTransport } from './transport.ts';

/**
 * Detection against the simulator playing each reading it can show: its members hold what a target in
 * use holds (readings-onboarding.ts), the profile declares nothing, and preflight's reads, GETs only,
 * find the reading the simulator plays, with the call that showed it.
 */

/** Preflight's read, and every path read, to show that detection only reads. */
function recordingRead(profile: Profile, paths: string[]): TargetRead {
  return (token, path) => {
    paths.push(path);
    return send({
      method: 'GET',
      url: `${profile.base_url}${path}`,
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      timeoutMs: profile.timeouts.request_ms,
      transport: directTransport,
    });
  };
}

async function detectedOn(readings: ReadingName[], declared: Partial<DeclaredReadings> = {}, onboard = true) {
  const simulator = await startSimulator({ readings });
  try {
    const profile = await profileFromSimulator(simulator.url, declared);
    if (onboard) await onboardHoldings(profile, withReferenceReadings(declaredBy(readings)));
    const paths: string[] = [];
    // The reads change nothing: no transaction, no line, no balance; and they are reads of listings and balances only.
    const ledger = () =>
      JSON.stringify(
        [
          simulator.simulator.state.ledger.transactions().length,
          simulator.simulator.state.ledger.creditLines(),
          simulator.simulator.state.ledger.balances(),
        ],
        (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value),
      );
    const before = ledger();
    const detection = await detectReadings(profile, [0], recordingRead(profile, paths));
    expect(ledger()).toBe(before);
    for (const path of paths)
      expect(path).toMatch(
        /^\/client\/v1\/api\/(?:settlement-instruments\/digital-accounts\/[^/?]+|balances\/digital-accounts\/[^/?]+\?.+|settlement-obligations)$/,
      );
    return { ...detection, paths, profile };
  } finally {
    await simulator.close();
  }
}

test('nine and two fraction digits are detected from the balances the members are answered, the DSO line account from the listings', async () => {
  const nine = await detectedOn(['nine-decimal-amounts']);
  expect(nine.problems).toEqual([]);
  // The first amount padded to its width: the DSO line's, on the issuance account read first.
  expect(nine.detected.amount_scale).toEqual({
    value: 9,
    shown_by:
      'GET /client/v1/api/balances/digital-accounts/emission?asset_code_identification=CHFDSO&asset_issuer_identification=mm-singapore as mm-london answered balance "0.000000000"',
  });
  expect(nine.detected.dso_line_account).toEqual({
    value: 'emission',
    shown_by:
      'GET /client/v1/api/settlement-instruments/digital-accounts/emission as mm-london listed CHFDSO of mm-singapore',
  });

  const two = await detectedOn(['two-decimal-amounts']);
  expect(two.detected.amount_scale).toMatchObject({
    value: 2,
    shown_by: expect.stringContaining('answered balance "0.00"'),
  });
});

test('a holder’s DSO line on its operating account is detected; the reference’s readings are detected as the reference’s', async () => {
  const operating = await detectedOn(['holder-dso-on-operating-account']);
  expect(operating.problems).toEqual([]);
  expect(operating.detected).toEqual({
    amount_scale: {
      value: 7,
      shown_by: expect.stringMatching(
        /^GET \/client\/v1\/api\/balances\/digital-accounts\/main\?asset_code_identification=USD&asset_issuer_identification=tokenizer-usd as mm-london answered balance "250\.0000000"$/,
      ),
    },
    dso_line_account: {
      value: 'operating',
      shown_by:
        'GET /client/v1/api/settlement-instruments/digital-accounts/main as mm-london listed CHFDSO of mm-singapore',
    },
  });
  const reference = await detectedOn([]);
  expect(reference.detected).toMatchObject({ amount_scale: { value: 7 }, dso_line_account: { value: 'emission' } });
});

test('members that hold nothing show nothing: the reference’s or the declared readings stand', async () => {
  const fresh = await detectedOn(['nine-decimal-amounts', 'holder-dso-on-operating-account'], {}, false);
  expect(fresh).toMatchObject({ detected: {}, problems: [] });
  expect(fresh.paths.length).toBeGreaterThan(0);
});

test('a declaration the target shows wrong is one problem line; one it does not contradict stands', async () => {
  const wrong = await detectedOn(['holder-dso-on-operating-account'], { dso_line_account: 'emission' });
  expect(wrong.detected).not.toHaveProperty('dso_line_account');
  expect(wrong.problems).toEqual([
    'readings.dso_line_account: declared emission, but GET /client/v1/api/settlement-instruments/digital-accounts/main as mm-london listed CHFDSO of mm-singapore, and no issuance account (emission) lists one: declare operating, or leave the key out',
  ]);
  // A ledger of 2 digits may write 7 zeros: a declaration of 2 on the reference is no contradiction of what it writes.
  const declared = await detectedOn([], { amount_scale: 2 });
  expect(declared.problems).toEqual([]);
  expect(declared.detected).not.toHaveProperty('amount_scale');
});

test('the workers follow what global setup detected, for the keys the profile leaves out, and the report says what showed it', async () => {
  const shownBy = 'GET /client/v1/api/balances/digital-accounts/main as mm-a answered balance "1.000000000"';
  const settings = encodeRunSettings(
    runSettings({
      detected_readings: {
        amount_scale: { value: 9, shown_by: shownBy },
        dso_line_account: { value: 'operating', shown_by: 'listed' },
      },
    }),
  );
  const profile = {
    readings: withReferenceReadings({ dso_line_account: 'emission' }),
    declared_readings: ['dso_line_account' as const],
    detected_readings: {},
  };
  const followed = withDetectedReadings(profile, decodeRunSettings(settings).detected_readings);
  expect(followed.readings).toEqual({ string_bodies: 'bare', amount_scale: 9, dso_line_account: 'emission' });
  expect(readingsJudgedUnder(followed)).toEqual({
    string_bodies: { value: 'bare', source: 'reference' },
    amount_scale: { value: 9, source: 'detected', shown_by: shownBy },
    dso_line_account: { value: 'emission', source: 'declared' },
  });
  expect(runSettings().detected_readings).toEqual({});
  expect(() =>
    decodeRunSettings(
      JSON.stringify({ ...runSettings(), detected_readings: { amount_scale: { value: 13, shown_by: 'x' } } }),
    ),
  ).toThrow(/is not the settings of a run: .*detected_readings/);
});

test('a target that answers otherwise than with JSON ends detection at that read: it costs preflight one read, not one time-out a read', async () => {
  const seen: string[] = [];
  const server = await startTestServer((req, _body, res) => {
    seen.push(req.url ?? '');
    if (seen.length === 1) res.writeHead(404, { 'content-type': 'application/json' }).end('{"short_message":"none"}');
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
  });
  try {
    const text = `base_url: ${server.url}\nmembers:\n${['tokenizer', 'mmA', 'mmB'].map((role) => `  ${role}: { identification: m-${role}, token: t, accounts: [main, second] }`).join('\n')}\n`;
    const profile = parseProfile(text, 'p.yaml', {});
    const detection = await detectReadings(profile, [0], recordingRead(profile, []));
    expect(detection).toEqual({ detected: {}, problems: [] });
    // The 404 with an error body is an answer; the page after it ends the reads.
    expect(seen).toEqual([
      '/client/v1/api/settlement-instruments/digital-accounts/emission',
      '/client/v1/api/settlement-instruments/digital-accounts/main',
    ]);
  } finally {
    await server.close();
  }
});
