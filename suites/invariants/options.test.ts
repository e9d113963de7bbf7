import { expect, test } from '@playwright/test';
import { HarnessFault } from '../runtime/harness-fault.ts';
import { DEFAULT_MAX_COMMANDS, DEFAULT_RUNS, invariantOptionsFromEnv } from './options.ts';

test('defaults, and DSS_INVARIANT_RUNS for longer runs', () => {
  expect(invariantOptionsFromEnv({}, 5000)).toEqual({ numRuns: DEFAULT_RUNS, maxCommands: DEFAULT_MAX_COMMANDS, shrinkBudgetMs: 5000 });
  expect(invariantOptionsFromEnv({ DSS_INVARIANT_RUNS: '500' }, 5000).numRuns).toBe(500);
  for (const runs of ['0', '-3', '1.5', 'many', '', '10000000']) {
    expect(() => invariantOptionsFromEnv({ DSS_INVARIANT_RUNS: runs }, 5000), runs).toThrow(HarnessFault);
  }
});

test('a reported failure replays from its seed, path and replay path', () => {
  expect(invariantOptionsFromEnv({ DSS_INVARIANT_SEED: '-1796388354', DSS_INVARIANT_PATH: '2:2:5', DSS_INVARIANT_REPLAY_PATH: 'BACAkJPF7:VF' }, 5000)).toMatchObject({
    seed: -1796388354,
    path: '2:2:5',
    replayPath: 'BACAkJPF7:VF',
  });
  expect(() => invariantOptionsFromEnv({ DSS_INVARIANT_SEED: 'abc' }, 5000)).toThrow(/DSS_INVARIANT_SEED must be an integer/);
  expect(() => invariantOptionsFromEnv({ DSS_INVARIANT_PATH: '1:2' }, 5000)).toThrow(/together with its DSS_INVARIANT_SEED/);
});
