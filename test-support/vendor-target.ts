import { writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ControlClient, TargetClock, type SimMember, type TokenRights } from '../suites/runtime/control.ts';
import { RecordingChannel } from '../suites/runtime/recorder.ts';
import type { RequiredRole } from '../suites/runtime/profile.ts';
import { listenOnLoopback, type TestServer } from './test-server.ts';
import { createSimMembers, operatingAccounts, randomBic, tokenizerAssets } from '../suites/runtime/sim-members.ts';
import { directTransport } from '../suites/runtime/transport.ts';

/**
 * A simulator as a vendor's target looks: behind a proxy that answers 404 for what only the simulator
 * has (`/sim`, `/openapi.json`, `/docs`), with a profile of its members and every optional credential
 * (docs/profiles.md), minted through the simulator's control plane as a vendor's portal would issue
 * them. Tokens go to `${NAME}` variables, so a run's `--tokens-out` file can feed the next, or the portal
 * issues fresh ones for the same members before each run (`freshTokens`).
 */

const hidden = /^\/(sim|openapi\.json|docs)(\/|\?|$)/;

export interface HidingProxyOptions {
  /**
   * Awaited before an answer goes back to the client, with the request and the status the simulator
   * answered: a test's hook to act on the simulator (through its own, unhidden control plane) at a
   * moment the harness's calls define.
   */
  beforeAnswer?: (request: IncomingMessage, status: number) => Promise<void>;
}

/** Forwards everything to `upstream` except the simulator's own paths, which answer 404. */
export async function startHidingProxy(upstream: string, options: HidingProxyOptions = {}): Promise<TestServer> {
  return listenOnLoopback(createServer(hidingSimulator(upstream, options)));
}

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The hiding proxy's handler, for a proxy that does more in front of it (far-target.ts) on the same
 * server: a second hop would be a second place for a body refused early (413) to reset the connection.
 */
export function hidingSimulator(upstream: string, options: HidingProxyOptions = {}): ProxyHandler {
  const forward = forwardTo(upstream, options);
  return (req, res) => {
    if (hidden.test(req.url ?? '/')) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ short_message: 'Not Found', long_message: 'no such path', timestamp: Date.now() }));
      return;
    }
    forward(req, res);
  };
}

/** A handler that sends each request on to `upstream` as it came and streams the answer back. */
function forwardTo(upstream: string, options: HidingProxyOptions = {}): ProxyHandler {
  const target = new URL(upstream);
  return (req, res) => {
    // A connection per request on both sides. Upstream, reusing an idle socket races with the
    // simulator closing it; downstream, a body the simulator refused early (413) is not read to its end,
    // so the client's socket cannot carry another request. Either reset would come out as the target's.
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: false,
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        const pass = () => {
          res.writeHead(status, { ...answer.headers, connection: 'close' });
          answer.pipe(res);
        };
        if (!options.beforeAnswer) return pass();
        // The answer's body waits, paused, until the hook is done.
        void options
          .beforeAnswer(req, status)
          .then(pass, (error: unknown) =>
            res.writeHead(502, { connection: 'close' }).end(`the test's hook failed: ${String(error)}`),
          );
      },
    );
    forward.on('error', () => {
      // The simulator closing while the body still streams in, after it answered: the answer stands.
      if (res.headersSent) res.end();
      else res.writeHead(502, { connection: 'close' }).end();
    });
    req.pipe(forward);
  };
}

export interface VendorProfile {
  file: string;
  /** The `${NAME}` values the profile needs. */
  env: Record<string, string>;
  /** New tokens, with the same rights, for every `${NAME}` of the profile: what a portal issues before a run. */
  freshTokens(): Promise<Record<string, string>>;
  /** The members of each set by profile role (`tokenizer`, `mmA`, ...), as the simulator made them. */
  sets: MemberSet[];
}

/** A set's members by profile role: the three required ones, and the optional ones of a full profile. */
export type MemberSet = Record<RequiredRole, SimMember> & Record<string, SimMember>;

/** What the profile holds besides the three required members; `full: false` gives none of it. */
export interface VendorProfileOptions {
  full: boolean;
  /** Member sets (one per shard or worker). */
  sets?: number;
  /** The profile's time-outs (default the harness's): safety nets on a loaded machine. */
  timeouts?: { request_ms: number; check_ms: number };
}

/**
 * Writes `<dir>/profile.yaml` for `proxyUrl`, with members made on the simulator at `simulatorUrl`
 * (reached directly: the proxy hides its control plane).
 */
export async function writeVendorTargetProfile(
  dir: string,
  simulatorUrl: string,
  proxyUrl: string,
  options: VendorProfileOptions,
): Promise<VendorProfile> {
  const control = new ControlClient({
    baseUrl: simulatorUrl,
    timeoutMs: 10_000,
    recording: new RecordingChannel(),
    clock: new TargetClock(),
    transport: directTransport,
  });
  const env: Record<string, string> = {};
  const issuers = new Map<string, () => Promise<string>>();
  const sets: string[] = [];
  const members: MemberSet[] = [];
  for (let set = 0; set < (options.sets ?? 1); set += 1) {
    const made = await memberSet(control, { env, issuers }, `S${set}`, options.full);
    sets.push(made.yaml);
    members.push(made.members);
  }
  const indent = (text: string, spaces: number) => text.replace(/^/gm, ' '.repeat(spaces));
  const listed =
    sets.length === 1
      ? `members:\n${indent(sets[0]!, 2)}`
      : `member_sets:\n${sets.map((set) => `  -\n${indent(set, 4)}`).join('\n')}`;
  const file = join(dir, 'profile.yaml');
  const timeouts = options.timeouts
    ? `timeouts: { request_ms: ${options.timeouts.request_ms}, check_ms: ${options.timeouts.check_ms} }\n`
    : '';
  writeFileSync(file, `base_url: ${proxyUrl}\n${listed}\ncapabilities: { control: none }\n${timeouts}`, {
    mode: 0o600,
  });
  const freshTokens = async () => {
    const fresh: Record<string, string> = {};
    for (const [key, issue] of issuers) fresh[key] = await issue();
    return fresh;
  };
  return { file, env, freshTokens, sets: members };
}

/** The profile's `${NAME}` values, and how to issue each again. */
interface Variables {
  env: Record<string, string>;
  issuers: Map<string, () => Promise<string>>;
}

async function memberSet(
  control: ControlClient,
  variables: Variables,
  prefix: string,
  full: boolean,
): Promise<{ yaml: string; members: MemberSet }> {
  const made = await createSimMembers(control, `vendor-${prefix.toLowerCase()}`);
  const members: MemberSet = { ...made };
  const mint = async (member: SimMember, rights: TokenRights) =>
    (await control.createToken(member.identification, rights)).token;
  /** `token` is the first value; `rights` are what a fresh one is issued with. */
  const variable = (name: string, token: string, member: SimMember, rights: TokenRights) => {
    const key = `${prefix}_${name}`;
    variables.env[key] = token;
    variables.issuers.set(key, () => mint(member, rights));
    return `"\${${key}}"`;
  };
  const entry = async (
    role: string,
    member: SimMember,
    extra: Record<string, TokenRights> = {},
    assets = '',
  ): Promise<string> => {
    members[role] = member;
    const tokens = [];
    for (const [name, rights] of Object.entries(extra)) {
      const declared = Object.entries(rights)
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
        .join(', ');
      tokens.push(
        `    ${name}: { token: ${variable(`${role}_${name}`.toUpperCase(), await mint(member, rights), member, rights)}, ${declared} }`,
      );
    }
    return [
      `${role}:`,
      `  identification: ${member.identification}`,
      `  token: ${variable(`${role}_TOKEN`.toUpperCase(), member.token, member, { role: 'manager' })}`,
      `  accounts: [${operatingAccounts(member).join(', ')}]`,
      ...(assets ? [`  assets: ${assets}`] : []),
      ...(tokens.length > 0 ? ['  tokens:', ...tokens] : []),
    ].join('\n');
  };
  const assetList = (issuer: string, codes: string[]) =>
    `[${codes.map((code) => `{ asset_code_identification: ${code}, asset_issuer_identification: ${issuer} }`).join(', ')}]`;
  const tokenizerAssetList = assetList(
    made.tokenizer.identification,
    tokenizerAssets(made.tokenizer.identification).map((asset) => asset.asset_code_identification),
  );
  if (!full)
    return {
      yaml: [
        await entry('tokenizer', made.tokenizer, {}, tokenizerAssetList),
        await entry('mmA', made.mmA),
        await entry('mmB', made.mmB),
      ].join('\n'),
      members,
    };

  const [main, second] = operatingAccounts(made.mmA);
  const only = 'GET /client/v1/api/members/{member_identification}';
  const newMember = (
    suffix: string,
    business_role: 'MIS' | 'MMM',
    member_state: 'activated' | 'blocked' = 'activated',
  ) =>
    control.createMember({
      identification: `vendor-${prefix.toLowerCase()}-${suffix}-${Date.now().toString(36)}`,
      bicfi: randomBic('US'),
      business_role,
      country_code: 'US',
      operating_accounts: ['main'],
      member_state,
    });
  const [blankMaker, blankTokenizer, secondTokenizer, blocked, lineHolder] = [
    await newMember('blankmm', 'MMM'),
    await newMember('blanktk', 'MIS'),
    await newMember('second', 'MIS'),
    await newMember('blocked', 'MIS', 'blocked'),
    await newMember('holder', 'MMM'),
  ];
  await control.registerAsset(secondTokenizer.identification, 'USD');
  const yaml = [
    // `expiry` and `renewed_expiry` serve only `dss test --slow`, which waits until both have expired.
    await entry(
      'tokenizer',
      made.tokenizer,
      {
        viewer: { role: 'viewer' },
        endpoints: { role: 'manager', endpoints: [only] },
        expiry: { role: 'manager' },
        renewed_expiry: { role: 'manager' },
      },
      tokenizerAssetList,
    ),
    await entry('mmA', made.mmA, {
      viewer: { role: 'viewer' },
      accounts: { role: 'manager', accounts: [main!] },
      ip_elsewhere: { role: 'manager', allowed_ips: ['203.0.113.7'] },
      ip_here: { role: 'manager', allowed_ips: ['203.0.113.7', '127.0.0.1'] },
      session: { role: 'manager' },
      without_emission: { role: 'manager', accounts: [main!, second!] },
    }),
    await entry('mmB', made.mmB),
    await entry('blank_maker', blankMaker),
    await entry('blank_tokenizer', blankTokenizer),
    await entry('second_tokenizer', secondTokenizer, {}, assetList(secondTokenizer.identification, ['USD'])),
    await entry('blocked', blocked),
    await entry('line_holder', lineHolder),
  ].join('\n');
  return { yaml, members };
}
