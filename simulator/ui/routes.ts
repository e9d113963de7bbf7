/**
 * simulator/ui/: the live dashboard (`/ui`), for a person watching their member work against the
 * network (docs/network.md). One HTML page with a small inline script, no build step: it reads
 * `/ui/state` (dashboard-state.ts) and `/ui/activity`, then follows `/ui/events` (server-sent events,
 * Hono's streaming helper): every call, delivery and autopilot action as it happens, and the clock each
 * second. Its controls use the control plane (`/sim/clock`, `/sim/faults`) and `/ui/autopilot`. Like
 * the control plane it answers loopback clients only unless the simulator serves `/sim` remotely.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { DssError } from '../errors.ts';
import { parseJsonBody, readRawBody } from '../http/body.ts';
import { clientIp, isLoopback } from '../http/client-ip.ts';
import { sendError } from '../http/send-error.ts';
import type { ActivityEntry } from '../activity/activity-log.ts';
import { behaviours, type Behaviour } from '../autopilot/autopilot.ts';
import { recordAutopilotSwitch } from '../control/network-changes.ts';
import type { Simulator } from '../simulator.ts';
import { dashboardState } from './dashboard-state.ts';
import { dashboardPage } from './page.ts';
import { presentEntry } from './present.ts';

const TICK_MS = 1000;

export function dashboardRouter(sim: Simulator): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!sim.options.controlFromAnywhere && !isLoopback(clientIp(c))) {
      return sendError(c, sim.state, new DssError('CONTROL-FORBIDDEN', 'The dashboard answers loopback clients only.'));
    }
    await next();
  });
  app.onError((error, c) => sendError(c, sim.state, error));

  app.get('/', (c) => c.html(dashboardPage()));
  app.get('/state', (c) => c.json(dashboardState(sim)));
  app.get('/activity', (c) =>
    c.json(sim.state.activity.list(Number(c.req.query('after') ?? 0) || 0).map(presentEntry)),
  );

  app.post('/autopilot', async (c) => {
    const input = parseJsonBody(await readRawBody(c)) as
      { member?: unknown; behaviour?: unknown; on?: unknown } | undefined;
    const { member, behaviour, on } = input ?? {};
    const known = typeof behaviour === 'string' && (behaviours as readonly string[]).includes(behaviour);
    if (
      typeof member !== 'string' ||
      !known ||
      typeof on !== 'boolean' ||
      !sim.autopilot?.switch(member, behaviour as Behaviour, on)
    ) {
      throw new DssError(
        'CONTROL-INVALID-REQUEST',
        `expected {member, behaviour, on} naming an autopilot member and one of its behaviours (${behaviours.join(', ')})`,
      );
    }
    recordAutopilotSwitch(sim.state, member, behaviour as string, on);
    return c.json(sim.autopilot.members());
  });

  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      let state = sim.state;
      const waiting: ActivityEntry[] = [];
      let wake: (() => void) | undefined;
      const listen = () =>
        state.activity.subscribe((entry) => {
          waiting.push(entry);
          wake?.();
        });
      let stop = listen();
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      let ticked = 0;
      while (open) {
        if (sim.state !== state) {
          // A reset: the page starts over from the new state.
          stop();
          state = sim.state;
          waiting.length = 0;
          stop = listen();
          await stream.writeSSE({ event: 'reset', data: '{}' });
        }
        for (const entry of waiting.splice(0))
          await stream.writeSSE({
            event: 'activity',
            id: String(entry.sequence),
            data: JSON.stringify(presentEntry(entry)),
          });
        if (Date.now() - ticked >= TICK_MS) {
          ticked = Date.now();
          await stream.writeSSE({ event: 'tick', data: JSON.stringify({ now: state.clock.now() }) });
        }
        if (waiting.length === 0 && open) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, TICK_MS).unref();
          });
          wake = undefined;
        }
      }
      stop();
    }),
  );
  return app;
}
