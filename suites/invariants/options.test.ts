import { expect, test } from '@playwright/test';
import { UserMistake } from '../runtime/user-mistake.ts';
import { DEFAULT_MAX_COMMANDS, DEFAULT_RUNS, invariantOptions, invariantSettingsFromEnv } from './options.ts';

test('defaults, and DSS_INVARIANT_RUNS for longer runs', () => {
  expect(invariantOptions(invariantSettingsFromEnv({}), 5000)).toEqual({
    numRuns: DEFAULT_RUNS,
    maxCommands: DEFAULT_MAX_COMMANDS,
    shrinkBudgetMs: 5000,
  });
  expect(invariantOptions(invariantSettingsFromEnv({ DSS_INVARIANT_RUNS: '500' }), 5000).numRuns).toBe(500);
  for (const runs of ['0', '-3', '1.5', 'many', '', '10000000']) {
    expect(() => invariantSettingsFromEnv({ DSS_INVARIANT_RUNS: runs }), runs).toThrow(UserMistake);
  }
});

test('a reported failure replays from its seed, path and replay path', () => {
  expect(
    invariantOptions(
      invariantSettingsFromEnv({
        DSS_INVARIANT_SEED: '-1796388354',
        DSS_INVARIANT_PATH: '2:2:5',
        DSS_INVARIANT_REPLAY_PATH: 'BACAkJPF7:VF',
      }),
      5000,
    ),
  ).toMatchObject({
    seed: -1796388354,
    path: '2:2:5',
    replayPath: 'BACAkJPF7:VF',
  });
  expect(() => invariantSettingsFromEnv({ DSS_INVARIANT_SEED: 'abc' })).toThrow(
    /DSS_INVARIANT_SEED must be an integer/,
  );
  expect(() => invariantSettingsFromEnv({ DSS_INVARIANT_PATH: '1:2' })).toThrow(/together with its DSS_INVARIANT_SEED/);
});
