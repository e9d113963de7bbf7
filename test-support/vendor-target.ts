import { writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ControlClient, TargetClock, type SimMember, type TokenRights } from '../suites/runtime/control.ts';
import { RecordingChannel } from '../suites/runtime/recorder.ts';
import { listenOnLoopback, type TestServer } from '../suites/runtime/test-server.ts';
import { createSimMembers, operatingAccounts, randomBic, tokenizerAssets } from '../suites/runtime/sim-members.ts';

/**
 * A simulator as a vendor's target looks: behind a proxy that answers 404 for what only the simulator
 * has (`/sim`, `/openapi.json`, `/docs`), with a profile of its members and every optional credential
 * (docs/profiles.md), minted through the simulator's control plane as a vendor's portal would issue
 * them. Tokens go to `${NAME}` variables, so a run's `--tokens-out` file can feed the next.
 */

const hidden = /^\/(sim|openapi\.json|docs)(\/|\?|$)/;

/** Forwards everything to `upstream` except the simulator's own paths, which answer 404. */
export async function startHidingProxy(upstream: string): Promise<TestServer> {
  return listenOnLoopback(createServer(hidingSimulator(upstream)));
}

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The hiding proxy's handler, for a proxy that does more in front of it (far-target.ts) on the same
 * server: a second hop would be a second place for a body refused early (413) to reset the connection.
 */
export function hidingSimulator(upstream: string): ProxyHandler {
  const forward = forwardTo(upstream);
  return (req, res) => {
    if (hidden.test(req.url ?? '/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ short_message: 'Not Found', long_message: 'no such path', timestamp: Date.now() }));
      return;
    }
    forward(req, res);
  };
}

/** A handler that sends each request on to `upstream` as it came and streams the answer back. */
function forwardTo(upstream: string): ProxyHandler {
  const target = new URL(upstream);
  return (req, res) => {
    // A connection per request on both sides. Upstream, reusing an idle socket races with the
    // simulator closing it; downstream, a body the simulator refused early (413) is not read to its end,
    // so the client's socket cannot carry another request. Either reset would come out as the target's.
    const forward = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: 'close' });
      answer.pipe(res);
    });
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
}

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
export async function writeVendorTargetProfile(dir: string, simulatorUrl: string, proxyUrl: string, options: VendorProfileOptions): Promise<VendorProfile> {
  const control = new ControlClient({ baseUrl: simulatorUrl, timeoutMs: 10_000, recording: new RecordingChannel(), clock: new TargetClock() });
  const env: Record<string, string> = {};
  const sets: string[] = [];
  for (let set = 0; set < (options.sets ?? 1); set += 1) sets.push(await memberSet(control, env, `S${set}`, options.full));
  const indent = (text: string, spaces: number) => text.replace(/^/gm, ' '.repeat(spaces));
  const members = sets.length === 1 ? `members:\n${indent(sets[0]!, 2)}` : `member_sets:\n${sets.map((set) => `  -\n${indent(set, 4)}`).join('\n')}`;
  const file = join(dir, 'profile.yaml');
  const timeouts = options.timeouts ? `timeouts: { request_ms: ${options.timeouts.request_ms}, check_ms: ${options.timeouts.check_ms} }\n` : '';
  writeFileSync(file, `base_url: ${proxyUrl}\n${members}\ncapabilities: { control: none }\n${timeouts}`, { mode: 0o600 });
  return { file, env };
}

async function memberSet(control: ControlClient, env: Record<string, string>, prefix: string, full: boolean): Promise<string> {
  const made = await createSimMembers(control, `vendor-${prefix.toLowerCase()}`);
  const variable = (name: string, token: string) => {
    const key = `${prefix}_${name}`;
    env[key] = token;
    return `"\${${key}}"`;
  };
  const mint = async (member: SimMember, rights: TokenRights) => (await control.createToken(member.identification, rights)).token;
  const entry = async (role: string, member: SimMember, extra: Record<string, TokenRights> = {}, assets = ''): Promise<string> => {
    const tokens = [];
    for (const [name, rights] of Object.entries(extra)) {
      const declared = Object.entries(rights).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ');
      tokens.push(`    ${name}: { token: ${variable(`${role}_${name}`.toUpperCase(), await mint(member, rights))}, ${declared} }`);
    }
    return [
      `${role}:`,
      `  identification: ${member.identification}`,
      `  token: ${variable(`${role}_TOKEN`.toUpperCase(), member.token)}`,
      `  accounts: [${operatingAccounts(member).join(', ')}]`,
      ...(assets ? [`  assets: ${assets}`] : []),
      ...(tokens.length > 0 ? ['  tokens:', ...tokens] : []),
    ].join('\n');
  };
  const assetList = (issuer: string, codes: string[]) => `[${codes.map((code) => `{ asset_code_identification: ${code}, asset_issuer_identification: ${issuer} }`).join(', ')}]`;
  const tokenizerAssetList = assetList(made.tokenizer.identification, tokenizerAssets(made.tokenizer.identification).map((asset) => asset.asset_code_identification));
  if (!full) return [await entry('tokenizer', made.tokenizer, {}, tokenizerAssetList), await entry('mmA', made.mmA), await entry('mmB', made.mmB)].join('\n');

  const [main, second] = operatingAccounts(made.mmA);
  const only = 'GET /client/v1/api/members/{member_identification}';
  const newMember = (suffix: string, business_role: 'MIS' | 'MMM', member_state: 'activated' | 'blocked' = 'activated') =>
    control.createMember({ identification: `vendor-${prefix.toLowerCase()}-${suffix}-${Date.now().toString(36)}`, bicfi: randomBic('US'), business_role, country_code: 'US', operating_accounts: ['main'], member_state });
  const [blankMaker, blankTokenizer, secondTokenizer, blocked, lineHolder] = [await newMember('blankmm', 'MMM'), await newMember('blanktk', 'MIS'), await newMember('second', 'MIS'), await newMember('blocked', 'MIS', 'blocked'), await newMember('holder', 'MMM')];
  await control.registerAsset(secondTokenizer.identification, 'USD');
  return [
    // `expiry` serves only `dss test --slow`, which waits until it has expired.
    await entry('tokenizer', made.tokenizer, { viewer: { role: 'viewer' }, endpoints: { role: 'manager', endpoints: [only] }, expiry: { role: 'manager' } }, tokenizerAssetList),
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
}
