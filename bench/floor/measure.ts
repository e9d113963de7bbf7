/**
 * floor: what a flow cannot avoid, measured on this machine in this run, so that the flow benchmarks'
 * CPU per flow can be read as a ratio to it (issue 13). CPU time per operation (process.cpuUsage,
 * user + system, after a warm-up) of:
 * - a bare Hono app on @hono/node-server, in a child process as the simulator runs: CPU per GET and per
 *   POST (whose body it reads from Node's request, as the simulator does), driven by keep-alive fetch;
 * - Ed25519 signing and verifying with a reused key object (node:crypto);
 * - libxml2 (libxml2-wasm, as the simulator uses it) on a signed pacs.008 Message: parse, XSD validation
 *   of AppHdr and Document, exclusive C14N of the whole Message.
 * Then the floor of each flow: its calls at the bare app's cost plus the signatures and XML work it
 * needs at the least (exchange: 5 POST + 2 GET, 2 signatures, 2 verifications; payment: 4 POST + 2 GET,
 * 2 Messages each signed once (2 C14N, 1 signature) and read once (parse, 2 XSDs, 2 C14N, 1
 * verification), 3 pacs.002 reports each parsed once).
 */
import type { Measurement } from '../record/history.ts';
import { BARE_HONO_CHILD, startServerProcess, type ServerProcess } from '../servers/server-process.ts';
import { canonical, ed25519 as newEd25519, SAMPLE_MESSAGE, validatePayment, withDocument } from './operations.ts';
import { median } from '../median.ts';
import { endpointRequest } from '../../schemas/request.ts';

/** CPU µs per call of `operation`, over `count` calls after `count / 5` of warm-up. */
function cpuPerCall(count: number, operation: () => unknown): number {
  for (let index = 0; index < count / 5; index += 1) operation();
  const before = process.cpuUsage();
  for (let index = 0; index < count; index += 1) operation();
  const used = process.cpuUsage(before);
  return Math.round(((used.user + used.system) / count) * 10) / 10;
}

/** The bare app's CPU µs per request, `requests` requests from `clients` keep-alive clients. */
async function serverCpuPerRequest(
  server: ServerProcess,
  requests: number,
  clients: number,
  request: () => Promise<Response>,
): Promise<number> {
  const run = async (count: number) => {
    let left = count;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (left-- > 0) {
          const response = await request();
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`bare app answered ${response.status}`);
        }
      }),
    );
  };
  await run(requests / 2);
  const before = await server.sample();
  await run(requests);
  const after = await server.sample();
  return Math.round(((after.cpu_us - before.cpu_us) / requests) * 10) / 10;
}

export async function measure(args: string[]): Promise<Measurement> {
  const requests = Number(args[0] ?? 6000);
  const settings = {
    requests_per_kind: requests,
    clients: 8,
    post_body_bytes: 600,
    operations: 'CPU per call after a warm-up of a fifth as many calls',
  };

  const keys = newEd25519();
  const payload = Buffer.alloc(600, 0x61);
  const signature = keys.sign(payload);
  const ed25519 = {
    sign_us: cpuPerCall(5000, () => keys.sign(payload)),
    verify_us: cpuPerCall(5000, () => keys.verify(payload, signature)),
  };

  const xml = SAMPLE_MESSAGE;
  const validate = () => withDocument(xml, validatePayment);
  const canonicalise = () => withDocument(xml, canonical);
  // Parse alone, parse + XSDs and parse + C14N, in interleaved rounds, each figure the median of its
  // rounds: XSDs and C14N are differences, and one cold or interrupted round taken alone made one
  // negative (floor run 2).
  const rounds = { parse: [] as number[], validate: [] as number[], c14n: [] as number[] };
  for (let round = 0; round < 7; round += 1) {
    rounds.parse.push(cpuPerCall(1000, () => withDocument(xml, () => undefined)));
    rounds.validate.push(cpuPerCall(500, validate));
    rounds.c14n.push(cpuPerCall(500, canonicalise));
  }
  const parse_us = median(rounds.parse);
  const libxml2 = {
    message_bytes: Buffer.byteLength(xml),
    parse_us,
    validate_us: Math.round((median(rounds.validate) - parse_us) * 10) / 10,
    c14n_us: Math.round((median(rounds.c14n) - parse_us) * 10) / 10,
  };

  const server = await startServerProcess(BARE_HONO_CHILD);
  let hono: { get_us: number; post_us: number };
  try {
    // The simulator's paths, though the bare app answers any: the requests are the same bytes as theirs.
    const get = endpointRequest('member.listMembers');
    const post = endpointRequest('member.signPayload', {
      body: { unsigned_payload: 'A'.repeat(560), account_identification: 'main' },
    });
    const body = JSON.stringify(post.body);
    hono = {
      get_us: await serverCpuPerRequest(server, requests, 8, () => fetch(`${server.url}${get.path}`)),
      post_us: await serverCpuPerRequest(server, requests, 8, () =>
        fetch(`${server.url}${post.path}`, {
          method: post.method,
          body,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    };
  } finally {
    await server.stop();
  }

  const ms = (us: number) => Math.round(us) / 1000;
  const floor = {
    exchange_ms: ms(5 * hono.post_us + 2 * hono.get_us + 2 * ed25519.sign_us + 2 * ed25519.verify_us),
    payment_ms: ms(
      4 * hono.post_us +
        2 * hono.get_us +
        2 * (2 * libxml2.c14n_us + ed25519.sign_us) +
        2 * (libxml2.parse_us + libxml2.validate_us + 2 * libxml2.c14n_us + ed25519.verify_us) +
        3 * libxml2.parse_us,
    ),
  };
  const figures = { hono, ed25519, libxml2, floor };
  const summary = [
    `bare Hono: ${hono.get_us} µs CPU per GET, ${hono.post_us} µs per POST; Ed25519 sign ${ed25519.sign_us} µs, verify ${ed25519.verify_us} µs; ` +
      `libxml2 on a ${libxml2.message_bytes}-byte pacs.008 Message: parse ${libxml2.parse_us} µs, XSDs ${libxml2.validate_us} µs, C14N ${libxml2.c14n_us} µs`,
    `floor per flow: exchange ${floor.exchange_ms} ms, payment ${floor.payment_ms} ms of CPU`,
  ];
  return { settings, figures, summary };
}
