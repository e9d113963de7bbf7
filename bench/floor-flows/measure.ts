/**
 * floor-flows: the floor of the exchange, payment and funding flows measured as flows. The floor benchmark
 * (bench/floor/) times each operation alone in a loop, with the other core idle, and adds them up; a
 * flow does the same operations one call at a time, between other requests, with its clients busy on
 * the other core. Here a bare Hono app (bench/servers/floor-flow-child.ts) does per call only the
 * floor's operations for that call, and is driven as exchange-flows and payment-flows drive the
 * simulator (bench/flows/flow-run.ts: a child process, 8 clients each running flows back to back, a
 * warm-up, then CPU per flow inside the child over the timed phase). Each call carries a body and a
 * bearer token of the size the simulator's flow sends, and is answered with a body of the size the
 * simulator answers (measured on the simulator's flows, 2026-11-28):
 * - exchange (7 calls): POST request 402 B -> 89; GET 555; POST sign 1079 -> 102 (a signature);
 *   POST answer 1158 -> 2 (a verification); GET 1133; POST sign 1263 -> 102; POST exchange 1341 -> 1132
 *   (a verification);
 * - payment (6 calls): POST sign/message 2339 -> 3598 (a Message signed); POST send 3665 -> 1757 (a Message
 *   read, one report); GET 3746; POST sign/message 1699 -> 2958; POST reply 3024 -> 1301 (a Message read,
 *   two reports); GET 4911;
 * - funding (6 calls, measured 2026-12-02): POST credit line 163 -> 2; POST allow 131 -> 2; POST instruction
 *   230 -> 609; POST sign 367 -> 102; POST sign 383 -> 102; POST send 481 -> 438 (two verifications: the
 *   fundingInfo's and the transaction's signatures, which the simulator reads from the query, 251 of
 *   those bytes, and the floor from the body). The floor's signed payload is the exchange's (700 bytes),
 *   larger than a funding's: a few hundred bytes more to hash per signature.
 * The Messages are the floor's pacs.008 sample whatever their size in the call: what differs is XML work
 * the floor does not count either.
 */
import { parseArgs } from 'node:util';
import { SAMPLE_MESSAGE } from '../floor/operations.ts';
import { FLOW_KINDS, flowKinds, type FlowKind } from '../flows/kinds.ts';
import { runFlows, timedPhase, watchIntervals, whole, type Lane } from '../flows/flow-run.ts';
import { latencyPercentiles } from '../latency.ts';
import type { Measurement } from '../record/history.ts';
import { FLOOR_FLOW_CHILD, startServerProcess, type ServerProcess } from '../servers/server-process.ts';

export interface Call {
  /** `undefined` for a GET. */
  operation?: 'plain' | 'sign' | 'verify' | 'sign-message' | 'read-message';
  requestBytes: number;
  answerBytes: number;
  reports?: number;
  /** How many signatures a `verify` checks (1 unless given). */
  verifications?: number;
}

export const FLOWS: Record<FlowKind, Call[]> = {
  exchange: [
    { operation: 'plain', requestBytes: 402, answerBytes: 89 },
    { requestBytes: 0, answerBytes: 555 },
    { operation: 'sign', requestBytes: 1079, answerBytes: 102 },
    { operation: 'verify', requestBytes: 1158, answerBytes: 2 },
    { requestBytes: 0, answerBytes: 1133 },
    { operation: 'sign', requestBytes: 1263, answerBytes: 102 },
    { operation: 'verify', requestBytes: 1341, answerBytes: 1132 },
  ],
  payment: [
    { operation: 'sign-message', requestBytes: 2339, answerBytes: 3598 },
    { operation: 'read-message', requestBytes: 3665, answerBytes: 1757, reports: 1 },
    { requestBytes: 0, answerBytes: 3746 },
    { operation: 'sign-message', requestBytes: 1699, answerBytes: 2958 },
    { operation: 'read-message', requestBytes: 3024, answerBytes: 1301, reports: 2 },
    { requestBytes: 0, answerBytes: 4911 },
  ],
  funding: [
    { operation: 'plain', requestBytes: 163, answerBytes: 2 },
    { operation: 'plain', requestBytes: 131, answerBytes: 2 },
    { operation: 'plain', requestBytes: 230, answerBytes: 609 },
    { operation: 'sign', requestBytes: 367, answerBytes: 102 },
    { operation: 'sign', requestBytes: 383, answerBytes: 102 },
    { operation: 'verify', requestBytes: 481, answerBytes: 438, verifications: 2 },
  ],
};

/** The size of the simulator's bearer tokens in these flows. */
const TOKEN = `Bearer ${'t'.repeat(515)}`;
/** What the exchange signs and verifies: a payload of the size of a quotation's or an exchange's. */
const PAYLOAD = Buffer.alloc(700, 0x61).toString('base64');
const MESSAGE = Buffer.from(SAMPLE_MESSAGE, 'utf8').toString('base64');

/** A prepared request: its path and body, the same on every flow. */
interface Request {
  path: string;
  init: RequestInit;
}

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      warmup: { type: 'string', default: '30' },
      duration: { type: 'string', default: '30' },
      clients: { type: 'string', default: '8' },
      interval: { type: 'string', default: '10' },
      flows: { type: 'string', default: FLOW_KINDS.join(',') },
    },
  });
  const kinds = flowKinds(values.flows);
  const settings = {
    warmup_s: whole(values.warmup, 'warmup', 3600),
    duration_s: whole(values.duration, 'duration', 3600),
    clients: whole(values.clients, 'clients', 64),
    interval_s: whole(values.interval, 'interval', 3600),
    flows: kinds,
    calls: Object.fromEntries(kinds.map((kind) => [kind, FLOWS[kind]])),
    token_bytes: TOKEN.length,
  };
  const figures: Record<string, unknown> = {};
  const summary: string[] = [];
  for (const kind of kinds) {
    const measured = await measureFlow(FLOWS[kind], settings);
    figures[kind] = measured;
    summary.push(
      `floor as ${kind} flows: ${measured.flows} flows in ${settings.duration_s} s, bare server ${measured.server_cpu_ms_per_flow.toFixed(2)} ms CPU/flow (clients ${measured.client_cpu_ms_per_flow.toFixed(2)}); ` +
        `by ${settings.interval_s} s interval from the warm-up's start: ${measured.cpu_ms_per_flow_by_interval.map((ms) => ms.toFixed(2)).join(' ')}`,
    );
  }
  return { settings, figures, summary };
}

async function measureFlow(
  calls: Call[],
  settings: { warmup_s: number; duration_s: number; clients: number; interval_s: number },
) {
  const { server, workload } = await startFloorFlows(calls, settings.clients);
  try {
    const intervals = watchIntervals(server, workload, settings.interval_s * 1000);
    await runFlows(workload, settings.warmup_s * 1000, []);
    const latencies: number[] = [];
    const phase = await timedPhase(server, workload, settings.duration_s * 1000, latencies);
    return {
      flows: phase.flows,
      server_cpu_ms_per_flow: phase.serverCpuUs / 1000 / phase.flows,
      client_cpu_ms_per_flow: phase.clientCpuUs / 1000 / phase.flows,
      flow_latency_ms: latencyPercentiles(latencies),
      cpu_ms_per_flow_by_interval: await intervals.stop(),
    };
  } finally {
    await server.stop();
  }
}

/**
 * The bare floor server in a child process, and `clients` lanes that each run `calls` (a flow of
 * FLOWS) back to back against it; the caller stops the server.
 */
export async function startFloorFlows(
  calls: Call[],
  clients: number,
): Promise<{ server: ServerProcess; workload: { lanes: Lane[]; flow(): Promise<void> } }> {
  const server = await startServerProcess(FLOOR_FLOW_CHILD);
  try {
    const send = async ({ path, init }: Request): Promise<Record<string, string>> => {
      const response = await fetch(`${server.url}${path}`, init);
      const answer = (await response.json()) as Record<string, string>;
      if (response.status !== 200)
        throw new Error(`the floor server answered ${path} with ${response.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const requests = await prepare(calls, send);
    const lanes: Lane[] = Array.from({ length: clients }, () => ({ flows: 0 }));
    return {
      server,
      workload: {
        lanes,
        flow: async () => {
          for (const request of requests) await send(request);
        },
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * The flow's requests, each body padded to its size; what a call verifies was signed by the server
 * beforehand (set-up, not timed), so that every verification succeeds as in the simulator's flows.
 */
async function prepare(calls: Call[], send: (request: Request) => Promise<Record<string, string>>): Promise<Request[]> {
  const payloadSignature = (await send(post('sign', 102, { payload: PAYLOAD }, 0))).signature!;
  const messageSignature = (await send(post('sign-message', 102, { message: MESSAGE }, 0))).signature!;
  return calls.map(({ operation, requestBytes, answerBytes, reports, verifications }) => {
    if (!operation) return { path: `/${answerBytes}`, init: { headers: { authorization: TOKEN } } };
    const fields: Record<string, unknown> = {
      plain: {},
      sign: { payload: PAYLOAD },
      verify: { payload: PAYLOAD, signature: payloadSignature, verifications: verifications ?? 1 },
      'sign-message': { message: MESSAGE },
      'read-message': { message: MESSAGE, signature: messageSignature, reports: reports ?? 0 },
    }[operation];
    return post(operation, answerBytes, fields, requestBytes);
  });
}

/** A POST of `fields` padded with a `padding` string to `bytes` of JSON (or left as they are if larger). */
function post(
  operation: NonNullable<Call['operation']>,
  answerBytes: number,
  fields: Record<string, unknown>,
  bytes: number,
): Request {
  const bare = JSON.stringify({ ...fields, padding: '' });
  const body = JSON.stringify({ ...fields, padding: 'p'.repeat(Math.max(0, bytes - bare.length)) });
  return {
    path: `/${operation}/${answerBytes}`,
    init: { method: 'POST', body, headers: { authorization: TOKEN, 'content-type': 'application/json' } },
  };
}
