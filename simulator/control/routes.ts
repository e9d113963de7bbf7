import { Hono, type Context } from 'hono';
import { controlRequests, type ControlRequest } from '../../schemas/control.ts';
import { validate } from '../../schemas/validators.ts';
import { isIso4217Code } from '../../schemas/iso4217.ts';
import { DssError } from '../errors.ts';
import { faultCatalogue, parseFaultNames } from '../faults/catalogue.ts';
import { parseReadingNames, readingCatalogue } from '../readings/catalogue.ts';
import { UnknownNames, type NamedSwitch } from '../named-switch.ts';
import { MemberRejected } from '../members/registry.ts';
import { recordClockMove, recordSnapshot, recordSwitches } from './network-changes.ts';
import { snapshotView } from '../snapshots/snapshots.ts';
import { TokenRequestRejected } from '../auth/tokens.ts';
import { parseJsonBody, readRawBody } from '../http/body.ts';
import { clientIp, isLoopback } from '../http/client-ip.ts';
import { sendError } from '../http/send-error.ts';
import type { Simulator } from '../simulator.ts';
import { ledgerView } from './ledger-view.ts';
import { memberView, networkView } from './network-view.ts';
import { NetworkFileError, parseNetworkFile } from '../network/network-file.ts';
import { exportNetwork, networkFileText } from '../network/export.ts';

/**
 * The control plane: what only a simulator has (state, clock, tokens, faults). It stands in for the
 * network operator and the client portal's token management. Loopback only unless the simulator was
 * started to serve it remotely, because it can mint tokens for any member.
 */
export function controlRouter(sim: Simulator, specVersion: string, version: string): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    if (!sim.options.controlFromAnywhere && !isLoopback(clientIp(c))) {
      return sendError(
        c,
        sim.state,
        new DssError('CONTROL-FORBIDDEN', 'The control plane answers loopback clients only.'),
      );
    }
    await next();
  });
  // Hono hands a handler's exception to the error handler, not back to the middleware above.
  app.onError((error, c) => sendError(c, sim.state, toControlError(error)));

  app.get('/health', (c) => c.json({ status: 'ok', version, spec_version: specVersion }));

  app.post('/reset', async (c) => {
    const input = await bodyOf(c, 'reset');
    const network =
      input.network_file === undefined ? input.network : parseNetworkFile(input.network_file, 'network_file');
    const state = await sim.reset({ network, clock: input.clock });
    return c.json(await networkView(state));
  });

  app.get('/network', async (c) => c.json(await networkView(sim.state)));
  // The network as a network file that --network and POST /sim/reset read back (network/export.ts).
  app.get('/export', (c) =>
    c.body(networkFileText(exportNetwork(sim.state, sim.autopilotSetup())), 200, {
      'content-type': 'application/yaml; charset=utf-8',
    }),
  );

  app.post('/members', async (c) => {
    const input = await bodyOf(c, 'member');
    const member = sim.state.members.add(input);
    const issued = await sim.state.tokens.issue({ member_identification: member.identification, role: 'manager' });
    return c.json({ ...memberView(sim.state, member), token: issued.token, token_expires_at: issued.expires_at });
  });

  app.post('/assets', async (c) => {
    const input = await bodyOf(c, 'asset');
    const tokenizer = sim.state.members.get(input.tokenizer_identification);
    if (!tokenizer || tokenizer.business_role !== 'MIS') {
      throw invalid(`${input.tokenizer_identification} is not a tokenizer (business role MIS) of this network`);
    }
    if (!isIso4217Code(input.asset_code_identification))
      throw invalid(`${input.asset_code_identification} is not an ISO 4217 currency code`);
    const asset = sim.state.assets.register({
      asset_code_identification: input.asset_code_identification,
      asset_group_identification: 'DSA',
      asset_issuer_identification: tokenizer.identification,
    });
    return c.json(asset);
  });

  app.post('/tokens', async (c) => c.json(await sim.state.tokens.issue(await bodyOf(c, 'token'))));

  app.get('/clock', (c) => c.json({ now: sim.state.clock.now() }));
  app.post('/clock', async (c) => {
    const input = await bodyOf(c, 'clock');
    const now = recordClockMove(sim.state, input);
    return c.json({ now });
  });

  app.get('/ledger', (c) => c.json(ledgerView(sim.state)));
  // What the stores keep at most, and what each dropped so far (docs/semantics.md, "Retention").
  app.get('/retention', (c) =>
    c.json({ limits: sim.state.retention.options, dropped: sim.state.retention.dropped.toJSON() }),
  );

  // Named copies of the whole network (snapshots/snapshots.ts says what one holds).
  app.get('/snapshots', (c) => c.json(sim.snapshots.list().map(snapshotView)));
  app.post('/snapshots', async (c) => {
    const snapshot = sim.snapshot((await bodyOf(c, 'snapshot')).name);
    recordSnapshot(sim.state, 'taken', snapshot.name, snapshot.now);
    return c.json(snapshotView(snapshot));
  });
  app.post('/snapshots/:name/restore', async (c) => {
    const state = await sim.restore(c.req.param('name'));
    recordSnapshot(state, 'restored', c.req.param('name'), state.clock.now());
    return c.json(await networkView(state));
  });
  app.delete('/snapshots/:name', (c) => {
    const snapshot = sim.snapshots.delete(c.req.param('name'));
    recordSnapshot(sim.state, 'deleted', snapshot.name, snapshot.now);
    return c.json(snapshotView(snapshot));
  });

  switchRoutes(
    app,
    'faults',
    faultCatalogue,
    parseFaultNames,
    () => sim.state.faults,
    (on, off) => recordSwitches(sim.state, 'faults', on, off),
  );
  switchRoutes(
    app,
    'readings',
    readingCatalogue,
    parseReadingNames,
    () => sim.state.readings,
    (on, off) => recordSwitches(sim.state, 'readings', on, off),
  );

  app.notFound((c) =>
    sendError(c, sim.state, new DssError('PATH-NOT-FOUND', `No control-plane call ${c.req.method} ${c.req.path}.`)),
  );
  return app;
}

/**
 * `GET /sim/<kind>`: every entry of a catalogue of switchable names (faults, readings) with whether it is
 * on; `POST /sim/<kind> {enable?, disable?}` switches them, refusing unknown names with the known ones.
 * `current` is read on every call: a reset replaces the state.
 */
function switchRoutes<Name extends string>(
  app: Hono,
  kind: string,
  catalogue: Readonly<Record<Name, object>>,
  parse: (names: readonly string[]) => Name[],
  current: () => NamedSwitch<Name>,
  switched: (on: Name[], off: Name[]) => void,
): void {
  const list = () =>
    (Object.entries(catalogue) as Array<[Name, object]>).map(([name, entry]) => ({
      name,
      ...entry,
      enabled: current().on(name),
    }));
  app.get(`/${kind}`, (c) => c.json(list()));
  app.post(`/${kind}`, async (c) => {
    const input = await bodyOf(c, 'switches');
    // Both lists are read before anything is switched: an unknown name in either changes nothing.
    const enable = parse(input.enable ?? []);
    const disable = parse(input.disable ?? []);
    // Only what changed is recorded: switching on what is on already changes nothing.
    const on = enable.filter((name) => !current().on(name));
    const off = disable.filter((name) => current().on(name));
    for (const name of on) current().enable(name);
    for (const name of off) current().disable(name);
    switched(on, off);
    return c.json(list());
  });
}

/** The body of a control call, once its schema (schemas/control.ts) accepts it, which is what gives it its type. */
async function bodyOf<K extends keyof typeof controlRequests>(c: Context, request: K): Promise<ControlRequest<K>> {
  const body = parseJsonBody(await readRawBody(c)) ?? {};
  const result = validate(controlRequests[request], body);
  if (!result.valid) throw invalid(result.errors.join('; '));
  return body as ControlRequest<K>;
}

function invalid(detail: string): DssError {
  return new DssError('CONTROL-INVALID-REQUEST', detail);
}

function toControlError(error: unknown): unknown {
  if (
    error instanceof MemberRejected ||
    error instanceof TokenRequestRejected ||
    error instanceof RangeError ||
    error instanceof NetworkFileError ||
    error instanceof UnknownNames
  )
    return invalid(error.message);
  return error;
}
