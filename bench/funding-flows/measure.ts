/**
 * bench/funding-flows/: complete funding flows per second, the simulator in a child process and the
 * clients in this one, sharing the machine's cores. A flow is everything a market maker and a
 * tokenizer do to put new DSA into an account, 6 calls that must all answer 200:
 *   1. the market maker raises its credit line (`POST /settlement-instruments/credit-line`, request),
 *   2. the tokenizer allows it (`POST /settlement-instruments/credit-line/{tokenizer}`),
 *   3. the tokenizer asks for the instruction (`POST /transactions/instruction`),
 *   4-5. it signs the fundingInfo and the transaction with its emission key (`POST /sign/payload`),
 *   6. it sends the funding (`POST /transactions/send`).
 * Each client owns one lane (holder account and asset) of the demo network, so no two clients race
 * on one ceiling. At the end every lane's balance must be what its flows minted.
 */
import { parseArgs } from 'node:util';
import { canonicalJson } from '../../simulator/ledger/canonical-json.ts';
import { latencyPercentiles } from '../latency.ts';
import type { Measurement } from '../record/history.ts';
import { cpuProfileFlags, SIMULATOR_CHILD, startServerProcess } from '../servers/server-process.ts';
import { issueToken } from '../servers/simulator-tokens.ts';

const MEMBER_API = '/client/v1/api';
const TOKENIZER_API = '/tokenizer/v1/api';
const CALLS_PER_FLOW = 6;

/** The demo network's DSA issuers and holders (simulator/control/demo-network.ts). */
const TOKENIZERS = [
  { identification: 'tokenizer-usd', asset: 'USD' },
  { identification: 'tokenizer-eur', asset: 'EUR' },
];
const MARKET_MAKERS = ['mm-london', 'mm-singapore', 'mm-saopaulo', 'mm-nairobi'];
const ACCOUNTS = ['main', 'second'];

interface Lane {
  tokenizer: string;
  asset: string;
  member: string;
  account: string;
  /** Flows completed on this lane, warm-up included: the next ceiling and the expected balance follow from it. */
  flows: number;
}

type Post = (path: string, token: string, body: unknown) => Promise<unknown>;

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '15' },
      warmup: { type: 'string', default: '3' },
      clients: { type: 'string', default: '8' },
      amount: { type: 'string', default: '10' },
      'profile-server': { type: 'string' },
    },
  });
  const lanes = allLanes();
  const settings = {
    duration_s: whole(values.duration, 'duration', 3600),
    warmup_s: whole(values.warmup, 'warmup', 3600),
    clients: whole(values.clients, 'clients', lanes.length),
    funding_amount: whole(values.amount, 'amount', 1_000_000),
    calls_per_flow: CALLS_PER_FLOW,
    load_generator: 'fetch (undici, keep-alive) in the benchmark process; the simulator in a child process',
    ...(values['profile-server'] ? { server_cpu_profile: values['profile-server'] } : {}),
  };
  const simulator = await startServerProcess(SIMULATOR_CHILD, cpuProfileFlags(values['profile-server'] && `${values['profile-server']}/simulator`));
  try {
    const post: Post = (path, token, body) => call(simulator.url, 'POST', path, token, body);
    const tokens = new Map<string, string>();
    for (const member of [...TOKENIZERS.map((t) => t.identification), ...MARKET_MAKERS]) tokens.set(member, await issueToken(simulator.url, member));
    const tokenOf = (member: string) => tokens.get(member)!;
    const active = lanes.slice(0, settings.clients);

    await runFlows(active, post, tokenOf, settings.funding_amount, settings.warmup_s * 1000, []);
    const before = await simulator.sample();
    const latencies: number[] = [];
    const started = performance.now();
    const flows = await runFlows(active, post, tokenOf, settings.funding_amount, settings.duration_s * 1000, latencies);
    const elapsedS = (performance.now() - started) / 1000;
    const after = await simulator.sample();
    for (const lane of active) await checkBalance(simulator.url, tokenOf(lane.member), lane, settings.funding_amount);

    const cpuUs = after.cpu_us - before.cpu_us;
    const figures = {
      flows,
      flows_per_s: flows / elapsedS,
      calls_per_s: (flows * CALLS_PER_FLOW) / elapsedS,
      flow_latency_ms: latencyPercentiles(latencies),
      server_cpu_ms_per_flow: cpuUs / 1000 / flows,
      server_cpu_share: cpuUs / 1e6 / elapsedS,
      rss_before_bytes: before.rss_bytes,
      rss_after_bytes: after.rss_bytes,
      heap_used_before_bytes: before.heap_used_bytes,
      heap_used_after_bytes: after.heap_used_bytes,
    };
    const summary = [
      `${flows} funding flows in ${elapsedS.toFixed(1)} s with ${settings.clients} clients: ${figures.flows_per_s.toFixed(1)} flows/s (${figures.calls_per_s.toFixed(0)} calls/s); ` +
        `flow p50 ${figures.flow_latency_ms.p50} ms, p90 ${figures.flow_latency_ms.p90} ms, p99 ${figures.flow_latency_ms.p99} ms; ` +
        `simulator ${figures.server_cpu_ms_per_flow.toFixed(2)} ms CPU/flow, RSS ${mb(before.rss_bytes)} -> ${mb(after.rss_bytes)} MB`,
    ];
    return { settings, figures, summary };
  } finally {
    await simulator.stop();
  }
}

function allLanes(): Lane[] {
  return TOKENIZERS.flatMap(({ identification, asset }) =>
    MARKET_MAKERS.flatMap((member) => ACCOUNTS.map((account) => ({ tokenizer: identification, asset, member, account, flows: 0 }))),
  );
}

/** Every lane runs flows back to back until the time is up; answers the flows completed. */
async function runFlows(lanes: Lane[], post: Post, tokenOf: (member: string) => string, amount: number, durationMs: number, latencies: number[]): Promise<number> {
  const deadline = performance.now() + durationMs;
  const perLane = await Promise.all(
    lanes.map(async (lane) => {
      let completed = 0;
      while (performance.now() < deadline) {
        const started = performance.now();
        await fundingFlow(lane, post, tokenOf, amount);
        latencies.push(performance.now() - started);
        lane.flows += 1;
        completed += 1;
      }
      return completed;
    }),
  );
  return perLane.reduce((sum, count) => sum + count, 0);
}

async function fundingFlow(lane: Lane, post: Post, tokenOf: (member: string) => string, amount: number): Promise<void> {
  const tokenizer = tokenOf(lane.tokenizer);
  await post(`${MEMBER_API}/settlement-instruments/credit-line`, tokenOf(lane.member), {
    account_identification: lane.account,
    asset_code_identification: lane.asset,
    credit_line_state: 'request',
    member_identification: lane.tokenizer,
    // Room for exactly one more funding: the line is raised as part of every flow.
    maximum_credit_limit: (lane.flows + 1) * amount,
  });
  await post(`${TOKENIZER_API}/settlement-instruments/credit-line/${lane.tokenizer}`, tokenizer, {
    account_identification: lane.account,
    asset_code_identification: lane.asset,
    credit_line_state: 'allow',
    member_identification: lane.member,
  });
  const info = {
    account_identification: lane.account,
    end_to_end_identification: `bench-${lane.member}-${lane.account}-${lane.asset}-${lane.flows}`,
    funding_amount: amount,
    issued_asset_code_identification: lane.asset,
    member_identification: lane.member,
    tokenizer_identification: lane.tokenizer,
  };
  const instruction = (await post(`${TOKENIZER_API}/transactions/instruction`, tokenizer, info)) as { unsigned_transaction_object: string };
  const sign = async (unsigned: string) =>
    ((await post(`${MEMBER_API}/sign/payload`, tokenizer, { account_identification: 'emission', unsigned_payload: unsigned })) as { payload: string }).payload;
  const signatures = new URLSearchParams({
    funding_payload_signature: await sign(Buffer.from(canonicalJson(info), 'utf8').toString('base64')),
    signed_funding_transaction: await sign(instruction.unsigned_transaction_object),
  });
  await post(`${TOKENIZER_API}/transactions/send?${signatures}`, tokenizer, info);
}

/** Each completed flow minted `amount` into its lane: a benchmark of failed or replayed flows would be worthless. */
async function checkBalance(baseUrl: string, token: string, lane: Lane, amount: number): Promise<void> {
  const query = new URLSearchParams({ asset_code_identification: lane.asset, asset_issuer_identification: lane.tokenizer });
  const { balance } = (await call(baseUrl, 'GET', `${MEMBER_API}/balances/digital-accounts/${lane.account}?${query}`, token)) as { balance: string };
  const expected = (lane.flows * amount).toFixed(7);
  if (balance !== expected) throw new Error(`${lane.member}/${lane.account} holds ${balance} ${lane.asset} after ${lane.flows} flows of ${amount}; expected ${expected}`);
}

async function call(baseUrl: string, method: string, path: string, token: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer: unknown = await response.json();
  if (response.status !== 200) throw new Error(`${method} ${path.split('?')[0]} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

function whole(value: string | undefined, name: string, max: number): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 1 || parsed > max) throw new Error(`--${name} must be a whole number from 1 to ${max}; got "${value}"`);
  return parsed;
}

function mb(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}
