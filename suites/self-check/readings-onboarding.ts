import type { DeclaredReadings } from '../../protocol/readings.ts';
import { issueDso } from '../flows/assets.ts';
import { openDsaLine, openDsoLine } from '../flows/credit-lines.ts';
import { fund } from '../flows/funding.ts';
import { DssClient } from '../runtime/client.ts';
import type { Actor } from '../runtime/fixtures.ts';
import { wholeUnits } from '../runtime/money.ts';
import type { Profile, RequiredRole } from '../runtime/profile.ts';
import { RecordingChannel } from '../runtime/recorder.ts';
import { transportOf } from '../runtime/transport.ts';

/**
 * The holdings of a target in use, for the readings self-check's runs that leave detection to carry
 * the readings (readings-run.ts): before the run, as its members would have done themselves through the
 * API with their own tokens (the flows a check uses), the first market maker holds a funded line for the
 * tokenizer's DSA on its default account, and a line for a DSO of the second market maker where the
 * target keeps such lines. A fresh target holds nothing, and shows no reading; this is the state in
 * which one that plays a reading shows it to preflight's reads (reading-detection.ts), which change
 * nothing themselves. `readings` are the target's own (the simulator's), as its members know them.
 */

/** The DSO the second market maker issues for the line: any ISO 4217 code followed by DSO. */
export const ONBOARDED_DSO = 'CHFDSO';
const FUNDED_UNITS = 250;
const LINE_ROOM = 1_000;

export async function onboardHoldings(profile: Profile, readings: DeclaredReadings): Promise<void> {
  const recording = new RecordingChannel();
  const actor = (role: RequiredRole): Actor => {
    const member = profile.members[role];
    const client = new DssClient({
      baseUrl: profile.base_url,
      token: member.token,
      timeoutMs: profile.timeouts.request_ms,
      recording,
      member: member.identification,
      stringBodies: readings.string_bodies,
      transport: transportOf(profile, process.env),
    });
    return {
      role,
      identification: member.identification,
      accounts: member.accounts,
      assets: member.assets,
      client,
      member: null,
    };
  };
  const [tokenizer, holder, issuer] = [actor('tokenizer'), actor('mmA'), actor('mmB')];
  const account = holder.accounts[0]!;
  await openDsaLine({ tokenizer }, holder, account, wholeUnits(LINE_ROOM));
  await fund({ tokenizer }, holder, account, wholeUnits(FUNDED_UNITS));
  const dso = await issueDso(issuer, ONBOARDED_DSO);
  await openDsoLine(issuer, holder, dso, wholeUnits(LINE_ROOM), readings);
}
