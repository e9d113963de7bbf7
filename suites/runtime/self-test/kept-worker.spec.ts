import { createServer } from 'node:net';
import { check } from '../check.ts';
import { CheckFailure } from '../check-failure.ts';
import { DssClient } from '../client.ts';
import { test } from '../fixtures.ts';
import { directTransport } from '../transport.ts';

/**
 * Sample checks for ../fixtures.test.ts: in file order, on one worker while it lasts. A failure on the
 * target, or a target that gives no response, keeps the worker (../kept-worker.ts); an error that names
 * no requirement still ends it.
 */

const noteWorker = () =>
  test.info().annotations.push({ type: 'self-test', description: String(test.info().workerIndex) });

test(...check('selftest.keep-target-failure', 'fails on the target', { verifies: ['SELF-KEEP'] }), async () => {
  noteWorker();
  throw new CheckFailure('SELF-KEEP', 'expected status 200, got 500');
});

test(
  ...check('selftest.keep-after-target-failure', 'runs on the same worker', { verifies: ['SELF-KEEP'] }),
  async () => {
    noteWorker();
  },
);

test(
  ...check('selftest.keep-network-failure', 'meets a target that refuses the connection', { verifies: ['SELF-KEEP'] }),
  async ({ recording }) => {
    noteWorker();
    const client = new DssClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      token: 'unused',
      timeoutMs: 5_000,
      recording,
      transport: directTransport,
    });
    await client.raw('GET', '/client/v1/api/members');
  },
);

test(
  ...check('selftest.keep-after-network-failure', 'runs on the same worker', { verifies: ['SELF-KEEP'] }),
  async () => {
    noteWorker();
  },
);

test(
  ...check('selftest.keep-unjudged-error', 'fails with an error naming no requirement', { verifies: ['SELF-KEEP'] }),
  async () => {
    noteWorker();
    throw new Error('an error of the harness, not a judgement of the target');
  },
);

test(...check('selftest.keep-after-unjudged-error', 'runs on a new worker', { verifies: ['SELF-KEEP'] }), async () => {
  noteWorker();
});

/** A loopback port nothing listens on: one the system just gave out, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
