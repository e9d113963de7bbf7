import { resolve } from 'node:path';
import { unknownFields } from '../../schemas/unknown-fields.ts';
import { validate } from '../../schemas/validators.ts';
import { HarnessFault } from './harness-fault.ts';
import { detectedSchema, type DetectedReadings } from './reading-detection.ts';

/**
 * What one conformance run was asked to do, as one typed object: `dss test` (bin/commands/test.ts) and
 * the self-checks build it, encode it once into RUN_SETTINGS_ENV, and the Playwright config decodes it
 * (suites/conformance.config.ts) and hands it to the checks as the worker option `runSettings`
 * (fixtures.ts). Global setup adds what only it learns (the run's private directory, a profile it
 * built, the readings preflight detected) and encodes it again for the workers. Nothing below the
 * config reads the environment for a setting (DSS_INVARIANT_* are read by `dss test` and carried here);
 * the user's own variables that are no setting (a profile's `${NAME}`, the proxy variables) are read by
 * the config with the profile (target.ts `configureTarget`). The settings appear in Playwright's JSON
 * results (a project's `use`): nothing secret goes in them.
 */
export interface RunSettings {
  /** `--target`: a base URL that replaces the profile's (or, without a profile, a simulator's). */
  target?: string;
  /** `--profile`: the target profile file; global setup names the one it built for a simulator. */
  profile?: string;
  /**
   * Whether the target has the simulator's control plane, as the encoder knows it (no profile: a
   * simulator). Checks need it as they are collected, before any profile is handed to them; the config
   * holds it to the profile's `capabilities.control`.
   */
  control: boolean;
  /** `--shard i/n`: on a target without the control plane, the member set this shard acts as. */
  shard?: string;
  /** `--workers n` (DSS_WORKERS): parallel workers against a simulator. */
  workers?: number;
  /** `--tokens-out`: where global setup writes the renewed tokens at the end of the run. */
  tokens_out?: string;
  /** `--slow`: the checks that wait out real time (a 15-minute token expiry) run. */
  slow: boolean;
  /** `--keep-clock`: the clock stage's checks skip themselves (clock-stage.ts). */
  keep_clock: boolean;
  /** `--report-dir` (DSS_REPORT_DIR), absolute. */
  report_dir: string;
  /** `--grep`/`--tag` as one expression for every stage (run-scope.ts checkFilter). */
  check_filter?: string;
  /** The filters given to Playwright, for the reports (run-scope.ts). */
  filters: string[];
  /** DSS_INVARIANT_*: the size of a property run, or the replay of a reported failure (suites/invariants/options.ts). */
  invariants: InvariantSettings;
  /** Set by global setup: the run's private directory (run-secrets.ts). */
  run_secrets?: string;
  /** Set by global setup: what preflight detected, for every key the profile leaves out. */
  detected_readings: DetectedReadings;
}

export interface InvariantSettings {
  runs?: number;
  seed?: number;
  path?: string;
  replay_path?: string;
}

/** The one environment variable between the encoders and the config: JSON of RunSettings. */
export const RUN_SETTINGS_ENV = 'DSS_RUN_SETTINGS';

const text = { type: 'string', minLength: 1 };

/** Objects that list `properties` are closed (unknownFields names a stray key with the valid ones). */
export const runSettingsSchema = {
  type: 'object',
  required: ['control', 'slow', 'keep_clock', 'report_dir', 'filters', 'invariants', 'detected_readings'],
  properties: {
    target: text,
    profile: text,
    control: { type: 'boolean' },
    shard: { type: 'string', pattern: '^[1-9][0-9]*/[1-9][0-9]*$' },
    workers: { type: 'integer', minimum: 1 },
    tokens_out: text,
    slow: { type: 'boolean' },
    keep_clock: { type: 'boolean' },
    report_dir: text,
    check_filter: text,
    filters: { type: 'array', items: { type: 'string' } },
    invariants: {
      type: 'object',
      properties: { runs: { type: 'integer', minimum: 1 }, seed: { type: 'integer' }, path: text, replay_path: text },
    },
    run_secrets: text,
    detected_readings: detectedSchema,
  },
};

/** The settings of a run nobody asked anything of: an embedded simulator, reports in `reports`. */
export function runSettings(given: Partial<RunSettings> = {}): RunSettings {
  return {
    control: true,
    slow: false,
    keep_clock: false,
    filters: [],
    invariants: {},
    detected_readings: {},
    ...given,
    report_dir: resolve(given.report_dir ?? 'reports'),
  };
}

export function encodeRunSettings(settings: RunSettings): string {
  return JSON.stringify(settings);
}

export function decodeRunSettings(encoded: string): RunSettings {
  let data: unknown;
  try {
    data = JSON.parse(encoded);
  } catch {
    throw new HarnessFault(`${RUN_SETTINGS_ENV} is not JSON`);
  }
  const result = validate(runSettingsSchema, data);
  const problems = [...(result.valid ? [] : result.errors), ...unknownFields(runSettingsSchema, data)];
  if (problems.length > 0)
    throw new HarnessFault(`${RUN_SETTINGS_ENV} is not the settings of a run: ${problems.join('; ')}`);
  return data as RunSettings;
}

let decoded: RunSettings | undefined;

/**
 * The run's settings in this process, decoded from RUN_SETTINGS_ENV on the first call: the one read of
 * the environment below the encoders. The config calls it first and hands the result to the fixtures
 * (worker option `runSettings`); a check file that must know a setting as it is collected, before any
 * fixture exists (a skip that spares a worker), reads the same object. A run started without an encoder
 * gets the defaults.
 */
export function runSettingsOfProcess(): RunSettings {
  decoded ??= process.env[RUN_SETTINGS_ENV] ? decodeRunSettings(process.env[RUN_SETTINGS_ENV]) : runSettings();
  return decoded;
}
