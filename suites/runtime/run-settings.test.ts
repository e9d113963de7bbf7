import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { decodeRunSettings, encodeRunSettings, runSettings } from './run-settings.ts';

test('what an encoder gives is what the config decodes, and a run given nothing tests an embedded simulator', () => {
  const settings = runSettings({
    profile: 'vendor.yaml',
    control: false,
    shard: '2/3',
    slow: true,
    report_dir: 'out',
    filters: ['--shard 2/3'],
    invariants: { runs: 60, seed: -17, path: '1:2' },
  });
  expect(decodeRunSettings(encodeRunSettings(settings))).toEqual(settings);
  expect(settings.report_dir).toBe(resolve('out'));
  expect(runSettings()).toEqual({
    control: true,
    slow: false,
    keep_clock: false,
    report_dir: resolve('reports'),
    filters: [],
    invariants: {},
    detected_readings: {},
  });
});

test('settings that are not a run’s are a fault of the harness, named by field', () => {
  const valid = runSettings();
  expect(() => decodeRunSettings('{')).toThrow(/DSS_RUN_SETTINGS is not JSON/);
  expect(() => decodeRunSettings(JSON.stringify({ ...valid, slow: '1' }))).toThrow(
    /is not the settings of a run: .*slow/,
  );
  expect(() => decodeRunSettings(JSON.stringify({ ...valid, workers: 0 }))).toThrow(/workers/);
  expect(() => decodeRunSettings(JSON.stringify({ ...valid, shard: '2' }))).toThrow(/shard/);
  expect(() => decodeRunSettings(JSON.stringify({ ...valid, keep_clok: true }))).toThrow(/keep_clok/);
  const { control: _control, ...withoutControl } = valid;
  expect(() => decodeRunSettings(JSON.stringify(withoutControl))).toThrow(/control/);
});
