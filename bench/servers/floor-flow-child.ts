// The floor inside flows: a bare Hono app on @hono/node-server (as bare-hono-child.ts) whose calls do
// only the floor's operations (bench/floor/operations.ts), each call answering with a JSON body of the
// size the simulator's answer to that call has. Driven like the flow benchmarks (bench/floor-flows/),
// it measures what the floor's work costs when done call by call, between other requests and beside a
// client on the other core, where the floor benchmark measures each operation alone in a loop.
//
// POST /{operation}/{answer bytes}, body JSON; GET /{answer bytes}. Operations:
// - `plain`: the body parsed, nothing else;
// - `sign`: Ed25519 signature of `payload` (base64), answered as `signature`;
// - `verify`: `signature` of `payload` verified `verifications` times (400 if it does not verify);
// - `sign-message`: the Message `message` (base64 of its XML) parsed, C14N twice (the signed part's
//   digest and SignedInfo), one signature of the canonical Message, answered as `signature`;
// - `read-message`: `message` parsed, its AppHdr and Document validated against their XSDs, C14N twice,
//   `signature` verified against the canonical Message (400 if not), then `reports` more parses of the
//   Message (the pacs.002 reports a payment makes, at a pacs.008's cost).
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonical, ed25519, validatePayment, withDocument } from '../floor/operations.ts';
import { runAsChild } from './in-child.ts';
import { readBody } from './read-body.ts';

interface Body {
  payload?: string;
  message?: string;
  signature?: string;
  reports?: number;
  verifications?: number;
}

type Env = { Bindings: { incoming: IncomingMessage } };

const keys = ed25519();
const answers = new Map<number, { filler: string }>();

/** An answer of `bytes` bytes as JSON (at least the smallest), serialised per call as the simulator's are. */
function answerOf(bytes: number, fields: Record<string, string> = {}): object {
  let answer = answers.get(bytes);
  if (!answer) {
    answer = { filler: 'x'.repeat(Math.max(0, bytes - 13)) };
    answers.set(bytes, answer);
  }
  return { ...fields, ...answer };
}

function messageOf(body: Body): string {
  return Buffer.from(body.message ?? '', 'base64').toString('utf8');
}

const operations: Record<string, (body: Body) => Record<string, string> | undefined> = {
  plain: () => ({}),
  sign: (body) => ({ signature: keys.sign(Buffer.from(body.payload ?? '', 'base64')).toString('base64') }),
  verify: (body) => {
    let verified = true;
    for (let verification = 0; verification < (body.verifications ?? 1); verification += 1)
      verified &&= keys.verify(Buffer.from(body.payload ?? '', 'base64'), Buffer.from(body.signature ?? '', 'base64'));
    return verified ? {} : undefined;
  },
  'sign-message': (body) =>
    withDocument(messageOf(body), (document) => {
      canonical(document);
      return { signature: keys.sign(Buffer.from(canonical(document))).toString('base64') };
    }),
  'read-message': (body) => {
    const xml = messageOf(body);
    const verified = withDocument(xml, (document) => {
      validatePayment(document);
      canonical(document);
      return keys.verify(Buffer.from(canonical(document)), Buffer.from(body.signature ?? '', 'base64'));
    });
    for (let report = 0; report < (body.reports ?? 0); report += 1) withDocument(xml, () => undefined);
    return verified ? {} : undefined;
  },
};

async function perform(c: Context<Env>): Promise<Response> {
  const operation = operations[c.req.param('operation') ?? ''];
  if (!operation) return c.json({ error: 'no such operation' }, 404);
  const fields = operation(JSON.parse((await readBody(c.env.incoming)).toString('utf8')) as Body);
  if (!fields) return c.json({ error: 'the signature does not verify' }, 400);
  return c.json(answerOf(Number(c.req.param('answer')), fields));
}

await runAsChild(async () => {
  const app = new Hono<Env>();
  app.get('/:answer', (c) => c.json(answerOf(Number(c.req.param('answer')))));
  app.post('/:operation/:answer', perform);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
