/**
 * Builds a fresh state from a network file. Members and assets are onboarded as the network operator
 * does (`POST /sim/members`, `POST /sim/assets`); everything a member does itself — its DSOs, its allowlist, its
 * credit-line requests, the issuers' allows and fundings — is done through the API with that member's
 * own token (autopilot/member-api.ts), so the opening state is one the API could have produced.
 */
import type { SimState } from '../state.ts';
import type { AppFetch } from '../autopilot/member-api.ts';
import { MemberApi } from '../autopilot/member-api.ts';
import { allowDsaLine, fund, requestLine } from '../autopilot/value-calls.ts';
import { accountsOf, type NetworkFile } from './network-file.ts';

export async function seedNetwork(state: SimState, fetch: AppFetch, network: NetworkFile): Promise<void> {
  for (const member of network.members) {
    state.members.add({
      identification: member.identification,
      bicfi: member.bic,
      business_role: member.role === 'tokenizer' ? 'MIS' : 'MMM',
      country_code: member.country,
      operating_accounts: accountsOf(member),
      member_state: member.state ?? 'activated',
    });
  }
  for (const asset of network.assets ?? []) {
    state.assets.register({
      asset_code_identification: asset.code,
      asset_group_identification: 'DSA',
      asset_issuer_identification: asset.issuer,
    });
  }
  const apis = new Map(
    network.members.map((member) => [member.identification, new MemberApi(state, fetch, member.identification)]),
  );
  const api = (identification: string) => apis.get(identification)!;
  for (const member of network.members) {
    for (const code of member.dsos ?? []) {
      await api(member.identification).request('member.issueSettlementInstrument', {
        query: { asset_code_identification: code, asset_group_identification: 'DSO' },
      });
    }
  }
  for (const member of network.members) {
    for (const listed of member.allowlist ?? [])
      await api(member.identification).request('member.addToAllowlist', { body: listed });
  }
  for (const line of network.credit_lines ?? []) {
    const account = line.account ?? 'main';
    await requestLine(api(line.holder), line.issuer, account, line.asset, line.limit);
    await allowDsaLine(api(line.issuer), line.holder, account, line.asset);
    if (line.balance) await fund(api(line.issuer), line.holder, account, line.asset, line.balance);
  }
}
