import type { SimState } from '../../simulator/state.ts';
import type { TokenRequest } from '../../simulator/auth/tokens.ts';
import { TOKEN_LIFETIME_MS } from '../../simulator/auth/tokens.ts';
import { declaredBy } from '../../simulator/readings/catalogue.ts';
import { standinAssets, standinMembers, type StandinRole } from '../../simulator/network/vendor-standin.ts';
import { accountsOf } from '../../simulator/network/network-file.ts';
import { withReferenceReadings } from '../../protocol/readings.ts';
import type { CredentialName } from '../../suites/runtime/profile.ts';

/**
 * `dss sim --network vendor-standin --print-profile FILE`: the target profile a vendor would write for
 * the stand-in (docs/profiles.md, "A complete example"), every optional credential included, with tokens
 * the simulator mints now, as a portal issues them, each with the rights its entry declares. The profile
 * says `control: none`, so `dss test --profile FILE` acts only as these members, as against a staging.
 */

type Rights = Omit<TokenRequest, 'member_identification'>;

/** An address of no harness (TEST-NET-3, RFC 5737): a token limited to it is refused to the harness. */
const ELSEWHERE = '203.0.113.7';
/** Where the harness is seen from when it runs on this machine: the stand-in listens on loopback by default. */
const LOOPBACK = ['127.0.0.1', '::1'];
const manager: Rights = { role: 'manager' };

/** The extra tokens of each member, with the rights docs/profiles.md's table asks of each. */
const credentials: Partial<Record<StandinRole, Partial<Record<CredentialName, Rights>>>> = {
  tokenizer: {
    viewer: { role: 'viewer' },
    endpoints: { role: 'manager', endpoints: ['GET /client/v1/api/members/{member_identification}'] },
    expiry: manager,
    renewed_expiry: manager,
  },
  mmA: {
    viewer: { role: 'viewer' },
    accounts: { role: 'manager', accounts: ['main'] },
    ip_elsewhere: { role: 'manager', allowed_ips: [ELSEWHERE] },
    ip_here: { role: 'manager', allowed_ips: [ELSEWHERE, ...LOOPBACK] },
    session: manager,
    without_emission: { role: 'manager', accounts: ['main', 'second'] },
    no_accounts: { role: 'manager', accounts: [] },
  },
};

/** Why each member is in the profile, shown beside it for the vendor reading the file. */
const notes: Record<StandinRole, string> = {
  tokenizer: 'issues two DSAs: the first funds the value checks, the exchange checks trade it for the second',
  mmA: 'a market maker with two operating accounts (the consolidation checks need them)',
  mmB: 'the other market maker; its third account is left for ledger.instruments-own-line, which needs one without a line',
  blank_maker: 'holds nothing: no credit line, no DSO, an empty allowlist',
  blank_tokenizer: 'issues nothing',
  second_tokenizer: "issues the tokenizer's first DSA code too",
  blocked: 'blocked; its token was issued all the same',
  line_holder: "no credit line of the tokenizer's first DSA yet: the first run uses it up",
};

/** The profile's text (YAML) for the stand-in listening at `baseUrl`, with tokens minted now. */
export async function standinProfile(state: SimState, baseUrl: string): Promise<string> {
  const now = state.clock.now();
  const mint = async (identification: string, rights: Rights) =>
    (await state.tokens.issue({ member_identification: identification, ...rights })).token;
  const entries: string[] = [];
  for (const [role, member] of Object.entries(standinMembers) as Array<
    [StandinRole, (typeof standinMembers)[StandinRole]]
  >) {
    const lines = [
      `  ${role}:   # ${notes[role]}`,
      `    identification: ${member.identification}`,
      `    token: ${JSON.stringify(await mint(member.identification, manager))}`,
      `    accounts: ${flow(accountsOf(member))}`,
    ];
    const codes: readonly string[] | undefined = standinAssets[role as keyof typeof standinAssets];
    if (codes)
      lines.push(
        `    assets: [${codes.map((code) => `{ asset_code_identification: ${code}, asset_issuer_identification: ${member.identification} }`).join(', ')}]`,
      );
    const extra = Object.entries(credentials[role] ?? {});
    if (extra.length > 0) lines.push('    tokens:');
    for (const [name, rights] of extra) {
      const declared = Object.entries(rights)
        .map(([key, value]) => `, ${key}: ${Array.isArray(value) ? flow(value) : value}`)
        .join('');
      lines.push(`      ${name}: { token: ${JSON.stringify(await mint(member.identification, rights))}${declared} }`);
    }
    entries.push(lines.join('\n'));
  }
  const readings = withReferenceReadings(declaredBy(state.readings.list()));
  return [
    `# The target profile of the vendor stand-in (dss sim --network vendor-standin) at ${baseUrl},`,
    `# written ${new Date(now).toISOString()} by its clock. Run: dss test --profile THIS-FILE`,
    `# Its tokens are valid ${TOKEN_LIFETIME_MS / 60_000} minutes, until ${new Date(now + TOKEN_LIFETIME_MS).toISOString()}: start the run before then (the harness`,
    "# renews the members' own tokens during a long run; each session ends after 24 hours).",
    "# A run spends what a staging's run spends: the line holder's line and mmA's session (auth.refresh).",
    '# For another run, restart the stand-in with --print-profile: a fresh network and fresh tokens.',
    `# ip_here allows ${LOOPBACK.join(' and ')}: a harness on another machine adds the address it is seen at.`,
    '# tokenizer.tokens.expiry and renewed_expiry serve dss test --slow only (auth.token-expiry waits 15 minutes).',
    `base_url: ${baseUrl}`,
    'members:',
    ...entries,
    "capabilities: { control: none }   # the run uses no /sim, as against a vendor's staging",
    `readings: { string_bodies: ${readings.string_bodies}, amount_scale: ${readings.amount_scale}, dso_line_account: ${readings.dso_line_account} }   # what this stand-in plays (dss sim --readings)`,
    '',
  ].join('\n');
}

function flow(values: readonly string[]): string {
  return `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;
}
