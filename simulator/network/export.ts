/**
 * `GET /sim/export`: the current network as a network file (network-file.ts) that `dss sim --network`
 * and `POST /sim/reset {network_file}` read back: members with their accounts, allowlists, DSOs and
 * autopilot rules, the DSAs, every allowed DSA credit line with its balance, the clock, the readings
 * and the retention bounds that differ from the defaults. What a network file cannot say is listed in
 * the file's opening comment rather than left out silently: the history (ledger records, quotations,
 * payments, queues), lines not allowed or on DSOs, members only created, autopilot switches turned off.
 */
import { stringify } from 'yaml';
import type { SimState } from '../state.ts';
import type { AutopilotSetup } from '../autopilot/autopilot.ts';
import { EMISSION } from '../members/registry.ts';
import { defaultRetention, type RetentionOptions } from '../retention/retention.ts';
import type { NetworkCreditLine, NetworkFile, NetworkMember } from './network-file.ts';
import { DEFAULT_DELAY_MS } from './network-file.ts';

export interface NetworkExport {
  network: NetworkFile;
  /** What the network holds that the file does not carry, one line each. */
  notCarried: string[];
}

export function exportNetwork(state: SimState, autopilot: AutopilotSetup | undefined): NetworkExport {
  const notCarried: string[] = [];
  const rules = new Map((autopilot?.members ?? []).map((member) => [member.identification, member]));
  const members = state.members.list().map((member): NetworkMember => {
    if (member.member_state === 'created')
      notCarried.push(
        `${member.identification} is created, not activated: the file's members are activated or blocked`,
      );
    const pilot = rules.get(member.identification);
    if (pilot && pilot.off.length > 0)
      notCarried.push(`${member.identification}'s autopilot ${pilot.off.join(', ')} switched off`);
    const dsos = state.assets
      .issuedBy(member.identification)
      .filter((asset) => asset.asset_group_identification === 'DSO')
      .map((asset) => asset.asset_code_identification);
    const allowlist = state.allowlists.list(member.identification);
    // A network file's blocked member issues, lists and answers nothing (network-file.ts).
    const blocked = member.member_state === 'blocked';
    if (blocked && (dsos.length > 0 || allowlist.length > 0 || pilot))
      notCarried.push(`${member.identification} is blocked: its DSOs, allowlist and autopilot rules`);
    return {
      identification: member.identification,
      role: member.business_role === 'MIS' ? 'tokenizer' : 'market-maker',
      country: member.country_code,
      bic: member.bicfi,
      accounts: [...member.accounts.keys()].filter((account) => account !== EMISSION),
      ...(member.member_state === 'blocked' ? { state: 'blocked' as const } : {}),
      ...(allowlist.length > 0 && !blocked ? { allowlist } : {}),
      ...(dsos.length > 0 && !blocked ? { dsos } : {}),
      ...(pilot && !blocked ? { autopilot: pilot.rules } : {}),
    };
  });
  const assets = state.assets
    .list()
    .filter((asset) => asset.asset_group_identification === 'DSA')
    .map((asset) => ({ code: asset.asset_code_identification, issuer: asset.asset_issuer_identification }));
  const dsas = new Set(assets.map((asset) => `${asset.code} of ${asset.issuer}`));
  const balances = new Map(
    state.ledger
      .balances()
      .map((entry) => [
        `${entry.holderMember}|${entry.holderAccount}|${entry.assetCode} of ${entry.issuer}`,
        entry.balance,
      ]),
  );
  const creditLines: NetworkCreditLine[] = [];
  for (const line of state.ledger.creditLines()) {
    const where = `${line.holderMember}/${line.holderAccount}'s line for ${line.assetCode} of ${line.issuer}`;
    if (!dsas.has(`${line.assetCode} of ${line.issuer}`)) notCarried.push(`${where} (a DSO line)`);
    else if (state.members.get(line.holderMember)?.member_state === 'blocked')
      notCarried.push(`${where} (its holder is blocked)`);
    else if (line.state !== 'allow') notCarried.push(`${where} (${line.state})`);
    else {
      const held = balances.get(`${line.holderMember}|${line.holderAccount}|${line.assetCode} of ${line.issuer}`);
      const balance = held === undefined ? 0 : Number(state.amounts.format(held));
      // A balance is funded again through the API, whose amounts are float64 (spec line 118).
      if (held !== undefined && state.amounts.parse(balance) !== held)
        notCarried.push(`${where}: the balance ${state.amounts.format(held)} exactly (written as ${balance})`);
      creditLines.push({
        holder: line.holderMember,
        account: line.holderAccount,
        asset: line.assetCode,
        issuer: line.issuer,
        limit: line.maximum_credit_limit,
        ...(balance > 0 ? { balance } : {}),
      });
    }
  }
  const retention = Object.fromEntries(
    Object.entries(state.retention.options).filter(
      ([name, value]) => defaultRetention[name as keyof RetentionOptions] !== value,
    ),
  );
  const readings = state.readings.list();
  const network: NetworkFile = {
    clock: new Date(state.clock.now()).toISOString(),
    ...(autopilot && autopilot.delayMs !== DEFAULT_DELAY_MS ? { autopilot: { delay_ms: autopilot.delayMs } } : {}),
    ...(Object.keys(retention).length > 0 ? { retention } : {}),
    ...(readings.length > 0 ? { readings } : {}),
    members,
    ...(assets.length > 0 ? { assets } : {}),
    ...(creditLines.length > 0 ? { credit_lines: creditLines } : {}),
  };
  return { network, notCarried };
}

/** The export as YAML, what it does not carry as its opening comment. */
export function networkFileText({ network, notCarried }: NetworkExport): string {
  const comment = [
    '# Network file exported by GET /sim/export (docs/network.md).',
    '# Not carried: the history (ledger records, quotations, payments, redemptions, gateway queues, tokens).',
    ...notCarried.map((line) => `# Not carried: ${line}`),
  ];
  return `${comment.join('\n')}\n${stringify(network)}`;
}
