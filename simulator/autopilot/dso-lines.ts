/**
 * An autopilot RFI that takes payments in other members' DSOs (rules.rfi.dso_credit_lines): it asks
 * each member it lists for a credit line on the DSOs that member issues, on its own `emission` account
 * (semantics, Credit lines: the holder must list the issuer first; `main` under reading
 * holder-dso-on-operating-account). The issuer allows it or not; the
 * spec has no message for either, so the developer's member sees the request when it reads or allows it.
 */
import type { Pilot } from './pilot.ts';
import { CallRefused } from './member-api.ts';
import { requestLine } from './value-calls.ts';
import { defaultDsoAccount } from '../credit-lines/dso-holding-account.ts';

/** Requests a line for each DSO `issuer` issues (or `codes` only), once each; nothing when it does not list the issuer. */
export async function requestDsoLines(pilot: Pilot, ceiling: number, issuer: string, codes?: string[]): Promise<void> {
  const listed = (await pilot.api.request('member.getAllowlist')) as string[];
  if (!listed.includes(issuer)) return;
  const dsos = codes ?? (await issuedDsos(pilot, issuer));
  const account = defaultDsoAccount(pilot.state);
  for (const code of dsos) {
    const asked = `dso-line:${issuer}|${code}`;
    if (pilot.memory.has(asked)) continue;
    await requestLine(pilot.api, issuer, account, code, ceiling);
    pilot.memory.set(asked, true);
    pilot.log(
      'rfi.dso_credit_lines',
      `ask ${issuer} for a ${code} line`,
      'done',
      `dso_credit_lines: ${ceiling}, on ${account}, so that ${issuer} can pay in its DSO`,
    );
  }
}

async function issuedDsos(pilot: Pilot, issuer: string): Promise<string[]> {
  const answer = await pilot.api.call('member.listMemberInstruments', {
    path: { member_identification: issuer },
    query: { type: 'emission' },
  });
  if (answer.status === 404) return [];
  if (answer.status !== 200) throw new CallRefused(answer);
  return (answer.body as Array<{ asset_code_identification: string; asset_group_identification: string }>)
    .filter((asset) => asset.asset_group_identification === 'DSO')
    .map((asset) => asset.asset_code_identification);
}
