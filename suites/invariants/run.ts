/**
 * The invariant property end to end: the universe from the actors, one fast-check model run per
 * generated command sequence of the chosen family, each starting from what the target shows now
 * (existing DSA lines get a known ceiling and are allowed, so the model knows them), and, when an
 * invariant breaks, a CheckFailure naming its requirement with fast-check's seed, path and shrunk
 * sequence, and the calls of the shrunk run. The allowlists between the market makers are put back
 * as they were.
 */
import { referenceReadings, type DeclaredReadings } from '../../protocol/readings.ts';
import { randomBytes } from 'node:crypto';
import { test } from '@playwright/test';
import fc from 'fast-check';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { Actor } from '../runtime/fixtures.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';
import { CALLS_ATTACHMENT, type RecordingChannel } from '../runtime/recorder.ts';
import type { ControlClient } from '../runtime/control.ts';
import type { InvariantStats, LedgerSystem } from './command-base.ts';
import { invariantCommand, runSetupOf, type CommandFamily, type RunSetup } from './command-mix.ts';
import { ExchangeApi } from './exchange-api.ts';
import { LedgerApi, type ObservedBalance } from './ledger-api.ts';
import { PaymentApi } from './payment-api.ts';
import { LedgerModel, describeState, type LineModel } from './model.ts';
import { ceilToWhole, formatUnits, wholeUnits } from '../runtime/money.ts';
import {
  allowlistEntry,
  allowlistPairs,
  buildUniverse,
  makerRoles,
  type MakerRole,
  type ParticipantRole,
  type Universe,
} from './universe.ts';
import { RunRecording } from './run-recording.ts';
import { InvariantViolation } from './violation.ts';

export interface InvariantParticipants {
  tokenizer: Actor;
  mmA: Actor;
  mmB: Actor;
  /** The simulator's control plane, for the target's time; without it, the local clock stands for it. */
  control?: ControlClient | null;
}

export interface InvariantOptions {
  numRuns: number;
  /** Longest command sequence of one run. */
  maxCommands: number;
  /** How long shrinking may go on after the first failure; then the smallest sequence so far is reported. */
  shrinkBudgetMs: number;
  /** Replay of a reported failure (see README.md). */
  seed?: number;
  path?: string;
  replayPath?: string;
  /** Fraction digits the target keeps (its profile's readings.amount_scale); the reference's 7 when not given. */
  amountScale?: number;
}

export interface InvariantResult {
  runs: number;
  seed: number;
  operations: number;
  durationMs: number;
  byCommand: InvariantStats['byCommand'];
  /** SHOULD-level disagreements with the model, each kind once with how often it happened. */
  warnings: { requirement: string; message: string }[];
  /** MUST decisions of the reference profile the target broke, each kind once with how often: the run went on. */
  broken: { requirement: string; message: string }[];
}

/** Ceiling given to a line a run opens or re-sizes at its start: its balance rounded up, plus this. */
export const NORMALIZED_HEADROOM = 100;

/**
 * Runs the property with the participants' clients and the commands of `family`. `recording` (the
 * worker's channel) keeps the report small: see RunRecording. Throws a CheckFailure naming the broken
 * requirement.
 */
export async function runInvariants(
  participants: InvariantParticipants,
  family: CommandFamily,
  options: InvariantOptions,
  recording?: RecordingChannel,
  readings: Pick<DeclaredReadings, 'dso_line_account'> = referenceReadings,
): Promise<InvariantResult> {
  const started = Date.now();
  const universe = universeOf(participants, family === 'exchange', readings, options.amountScale);
  const commands = invariantCommand(universe, family);
  const setup = runSetupOf(family);
  const api = new LedgerApi(participants, universe);
  // The target's time, for quotation requests: its clock is read once (it stands still or runs with ours).
  const offset = participants.control ? (await participants.control.clock()) - Date.now() : 0;
  const exchanges = new ExchangeApi(participants, universe, () => Promise.resolve(Date.now() + offset));
  const payments = new PaymentApi(participants, universe);
  const runs = recording ? new RunRecording(recording) : undefined;
  const stats: InvariantStats = { operations: 0, byCommand: {} };
  const warnings = new Map<string, { requirement: string; message: string; count: number; broken: boolean }>();
  // 64 random bits a run: the counter starts again with every run, against a target that keeps every id a
  // funding ever spent (FUND-E2E-UNIQUE), run after run with the same members.
  const e2ePrefix = `inv-${randomBytes(8).toString('hex')}`;
  let e2eCount = 0;
  const system = (): LedgerSystem => ({
    api,
    exchanges,
    payments,
    transcript: [],
    recorder: runs?.startRun(),
    steps: 0,
    stats,
    newEndToEndId: () => `${e2ePrefix}-${++e2eCount}`,
    warn: (requirement, kind, message, broken = false) => {
      const known = warnings.get(`${requirement} ${kind}`);
      if (known) known.count += 1;
      else warnings.set(`${requirement} ${kind}`, { requirement, message, count: 1, broken });
    },
  });

  let firstFailure: number | undefined;
  const shrinkingCut = () => firstFailure !== undefined && Date.now() - firstFailure > options.shrinkBudgetMs;
  const property = fc.asyncProperty(
    fc.commands([commands], { maxCommands: options.maxCommands, size: 'max', replayPath: options.replayPath }),
    async (commands) => {
      // Past the budget, shrink candidates pass untried, so fast-check stops with the smallest failure so far.
      if (shrinkingCut()) return;
      try {
        await fc.asyncModelRun(() => startRun(system(), setup), commands);
      } catch (error) {
        firstFailure ??= Date.now();
        throw error;
      }
    },
  );

  const allowlists = await readAllowlists(api);
  let details: PropertyDetails;
  try {
    details = await fc.check(property, {
      numRuns: options.numRuns,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.path === undefined ? {} : { path: options.path, endOnFailure: true }),
    });
  } finally {
    runs?.finish();
  }
  if (details.failed) {
    await restoreAllowlists(api, allowlists).catch(() => undefined); // the property's failure says more
    const error = details.errorInstance;
    if (error instanceof InvariantViolation && error.recorder && !runs?.isAttached(error.recorder)) {
      await test
        .info()
        .attach(CALLS_ATTACHMENT, { body: JSON.stringify(error.recorder.calls), contentType: 'application/json' });
    }
    throw failureOf(details, shrinkingCut());
  }
  await restoreAllowlists(api, allowlists);
  return {
    runs: details.numRuns,
    seed: details.seed,
    operations: stats.operations,
    durationMs: Date.now() - started,
    byCommand: stats.byCommand,
    warnings: counted([...warnings.values()].filter((entry) => !entry.broken)),
    broken: counted([...warnings.values()].filter((entry) => entry.broken)),
  };
}

function counted(
  entries: ReadonlyArray<{ requirement: string; message: string; count: number }>,
): { requirement: string; message: string }[] {
  return entries.map(({ requirement, message, count }) => ({
    requirement,
    message: count === 1 ? message : `${message} (and ${count - 1} more like it)`,
  }));
}

type PropertyDetails = fc.RunDetails<[Iterable<fc.AsyncCommand<LedgerModel, LedgerSystem, false>>]>;

/**
 * The universe of the participants: with the tokenizer's second DSA when the exchanges need a quoted asset,
 * each DSO line where the target's readings set it, amounts within `amountScale` fraction digits.
 */
function universeOf(
  participants: InvariantParticipants,
  withQuoted: boolean,
  readings: Pick<DeclaredReadings, 'dso_line_account'>,
  amountScale: number | undefined,
): Universe {
  const tokenizer = participants.tokenizer.identification;
  const [dsa, quoted] = participants.tokenizer.assets.filter(
    (asset) => asset.asset_issuer_identification === tokenizer && /^[A-Z]{3}$/.test(asset.asset_code_identification),
  );
  if (!dsa) throw new HarnessFault(`the profile lists no DSA (3-letter code) issued by the tokenizer ${tokenizer}`);
  const maker = (role: MakerRole) => ({
    identification: participants[role].identification,
    accounts: participants[role].accounts,
  });
  return buildUniverse({
    tokenizer,
    dsaCode: dsa.asset_code_identification,
    ...(withQuoted && quoted ? { quotedDsaCode: quoted.asset_code_identification } : {}),
    makers: { mmA: maker('mmA'), mmB: maker('mmB') },
    readings,
    ...(amountScale === undefined ? {} : { amountScale }),
  });
}

/**
 * The start of one run: what the target holds now, with every existing DSA line re-sized and allowed
 * so that its ceiling and state are known. Lines that do not exist stay missing (the first run of a
 * fresh worker walks them through request and allow) unless `setup` opens them; DSO lines are taken as
 * found (nothing of the family moves a DSO) unless `setup` opens them, issuing the DSO first. The
 * allowlist entries of `setup` are added before, as a DSO line needs them.
 */
async function startRun(system: LedgerSystem, setup: RunSetup): Promise<{ model: LedgerModel; real: LedgerSystem }> {
  const { api, transcript } = system;
  const universe = api.universe;
  try {
    const [found, allowlist, issued] = await Promise.all([api.balances(), readAllowlists(api), issuedDsos(api)]);
    // The missing allowlist entries and DSOs at once: none needs another.
    const missing = setup.allowlist.filter(([holder, listed]) => !allowlist.includes(allowlistEntry(holder, listed)));
    const [added] = await Promise.all([
      Promise.all(missing.map(([holder, listed]) => api.changeAllowlist(holder, listed, true))),
      setup.openLines.includes('DSO') ? issueMissing(api, issued) : undefined,
    ]);
    missing.forEach(([holder, listed], index) => {
      if (!added[index]!.accepted)
        throw new CheckFailure(
          'ALLOWLIST-LIST',
          `setup: ${holder} could not add ${listed} to its allowlist (${added[index]!.status})`,
        );
      allowlist.push(allowlistEntry(holder, listed));
    });
    const lines = new Map<string, LineModel>();
    await Promise.all(
      universe.holdings.map(async (holding) => {
        const seen = observed(found, holding.key);
        const open = setup.openLines.includes(holding.asset.group);
        if (!seen.exists && !open) return;
        // An existing DSA line is always re-sized; an existing DSO line only when the family opens them.
        if (holding.asset.group === 'DSO' && !open) {
          lines.set(holding.key, { state: 'unknown', ceiling: null });
          return;
        }
        const ceiling = ceilToWhole(seen.units) + NORMALIZED_HEADROOM;
        const request = await api.requestLine(holding, ceiling);
        const allow = request.accepted ? await api.decideLine(holding, 'allow') : undefined;
        if (!allow?.accepted) {
          throw new CheckFailure(
            'CL-REQUEST',
            `setup: the line of ${holding.label} could not be ${seen.exists ? 're-sized' : 'requested'} with ceiling ${ceiling} and allowed (request ${request.status}${allow ? `, allow ${allow.status}` : ''})`,
          );
        }
        lines.set(holding.key, { state: 'allow', ceiling: wholeUnits(ceiling) });
      }),
    );
    const funded = await topUp(system, setup.minimumBalance, found, lines);
    const start = await api.balances();
    transcript.push(
      `setup: ${universe.holdings.map((holding) => `${holding.label} ${formatUnits(observed(start, holding.key).units)} (line ${describeState(lines.get(holding.key)?.state ?? 'none')})`).join('; ')}`,
      `   allowlists: ${allowlist.length === 0 ? 'none between the participants' : allowlist.join(', ')}; DSO issued by: ${issued.length === 0 ? 'nobody' : issued.join(', ')}`,
      ...(funded.size === 0
        ? []
        : [
            `   topped up to ${formatUnits(setup.minimumBalance)}: ${[...funded.keys()].map((key) => universe.holdings.find((holding) => holding.key === key)?.label).join(', ')}`,
          ]),
    );
    const moved = universe.holdings.find(
      (holding) =>
        observed(start, holding.key).units !== observed(found, holding.key).units + (funded.get(holding.key) ?? 0n),
    );
    if (moved)
      throw new CheckFailure(
        'INV-EXACT-EFFECT',
        `setup: re-sizing and allowing credit lines, and topping up balances, changed the balance of ${moved.label} otherwise than by what was funded`,
      );
    const balances = new Map(universe.holdings.map((holding) => [holding.key, observed(start, holding.key).units]));
    return { model: new LedgerModel(universe, { balances, lines, allowlist, issued }), real: system };
  } catch (error) {
    throw error instanceof CheckFailure ? InvariantViolation.from(error, system) : error;
  }
}

/** Funds every allowed DSA holding below `minimum` up to it, one funding each; answers what each got. */
async function topUp(
  system: LedgerSystem,
  minimum: bigint,
  found: ReadonlyMap<string, ObservedBalance>,
  lines: ReadonlyMap<string, LineModel>,
): Promise<Map<string, bigint>> {
  const { api } = system;
  const short = api.universe.holdings.filter(
    (holding) =>
      holding.asset.group === 'DSA' &&
      lines.get(holding.key)?.state === 'allow' &&
      observed(found, holding.key).units < minimum,
  );
  const fundings = await Promise.all(
    short.map(async (holding) => {
      const units = minimum - observed(found, holding.key).units;
      const info = api.fundingInfo(holding, units, system.newEndToEndId());
      const instruction = await api.instruct(info);
      const sent =
        instruction.unsignedTransaction === undefined
          ? undefined
          : await api.send(info, await api.signFunding(info, instruction.unsignedTransaction));
      if (!sent?.accepted) {
        throw new CheckFailure(
          'FUND-INSTRUCTION',
          `setup: the funding of ${holding.label} with ${formatUnits(units)} was refused (instruction ${instruction.status}${sent ? `, send ${sent.status}` : ''})`,
        );
      }
      return [holding.key, units] as const;
    }),
  );
  return new Map(fundings);
}

function observed(balances: ReadonlyMap<string, ObservedBalance>, key: string): ObservedBalance {
  return balances.get(key) ?? { exists: false, units: 0n };
}

/** The entries (`mmA>mmB`) of every pair of participants that the allowlists hold. */
async function readAllowlists(api: LedgerApi): Promise<string[]> {
  const roles: ParticipantRole[] = ['tokenizer', ...makerRoles];
  const lists = new Map(await Promise.all(roles.map(async (role) => [role, await api.allowlistOf(role)] as const)));
  return allowlistPairs
    .filter(([holder, listed]) => lists.get(holder)?.includes(api.identificationOf(listed)))
    .map(([holder, listed]) => allowlistEntry(holder, listed));
}

/** Each maker of the universe that has not issued its DSO issues it (each its own, so at once); `issued` gets them. */
async function issueMissing(api: LedgerApi, issued: MakerRole[]): Promise<void> {
  const missing = makerRoles.filter((maker) => !issued.includes(maker));
  const outcomes = await Promise.all(missing.map((role) => api.issueDso(role)));
  missing.forEach((role, index) => {
    if (!outcomes[index]!.accepted)
      throw new CheckFailure(
        'INS-DSO-ISSUE',
        `setup: ${role} could not issue ${api.universe.dso[role].code} (${outcomes[index]!.status})`,
      );
    issued.push(role);
  });
}

async function issuedDsos(api: LedgerApi): Promise<MakerRole[]> {
  const issued = await Promise.all(makerRoles.map((role) => api.dsoIssued(role)));
  return makerRoles.filter((_role, index) => issued[index]);
}

async function restoreAllowlists(api: LedgerApi, wanted: readonly string[]): Promise<void> {
  const now = await readAllowlists(api);
  const changed = allowlistPairs.filter(
    ([holder, listed]) =>
      now.includes(allowlistEntry(holder, listed)) !== wanted.includes(allowlistEntry(holder, listed)),
  );
  await Promise.all(
    changed.map(([holder, listed]) =>
      api.changeAllowlist(holder, listed, wanted.includes(allowlistEntry(holder, listed))),
    ),
  );
}

/** The failure as a check reports it: the broken requirement, then how to see and replay it. */
function failureOf(details: PropertyDetails, shrinkingCut: boolean): Error {
  const error = details.errorInstance;
  const sequence = details.counterexample ? [...details.counterexample[0]] : [];
  const replayPath = /replayPath="([^"]*)"/.exec(String(details.counterexample?.[0] ?? ''))?.[1];
  const report = [
    `Property failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s)${shrinkingCut ? ' (shrinking stopped at its time budget)' : ''}: seed ${details.seed}, path "${details.counterexamplePath}".`,
    `Replay: DSS_INVARIANT_SEED=${details.seed} DSS_INVARIANT_PATH='${details.counterexamplePath}'${replayPath === undefined ? '' : ` DSS_INVARIANT_REPLAY_PATH='${replayPath}'`}`,
    'Shrunk sequence of commands:',
    ...sequence.map((command, index) => `  ${index + 1}. ${String(command)}`),
    ...(error instanceof InvariantViolation
      ? ['Calls of the shrunk run, as the target answered them:', ...error.transcript.map((line) => `  ${line}`)]
      : []),
    "fast-check's report:",
    fc.defaultReportMessage(details) ?? '',
  ].join('\n');
  if (error instanceof InvariantViolation)
    return new CheckFailure(error.requirement, `${error.detail}\n\n${report}`, error.evidence);
  if (error instanceof Error) {
    error.message = `${error.message}\n\n${report}`;
    return error;
  }
  return new HarnessFault(`the invariant property failed with a non-error value ${String(error)}\n\n${report}`);
}
