import { test, expect } from '@playwright/test';
import { CallRecorder, RecordingChannel, type Exchange } from './recorder.ts';

function exchangeAfter(ms: number, url: string): Promise<Exchange> {
  return new Promise((resolve) =>
    setTimeout(
      () =>
        resolve({
          endpointId: null,
          method: 'GET',
          url,
          requestHeaders: {},
          result: { kind: 'failure', reason: 'timeout', message: 'timed out', durationMs: ms },
        }),
      ms,
    ),
  );
}

test('a call is recorded for the check that started it, and the check’s end can wait for it', async () => {
  const channel = new RecordingChannel();
  const first = channel.current;
  const slow = channel.record(exchangeAfter(50, 'http://h/slow'));
  await channel.record(exchangeAfter(0, 'http://h/fast'));
  // The first check ends as its fast call failed; the slow one is still under way.
  expect(first.calls.map((call) => call.url)).toEqual(['http://h/fast']);
  await channel.settled();
  expect(first.calls.map((call) => call.url)).toEqual(['http://h/fast', 'http://h/slow']);

  const next = new CallRecorder();
  channel.current = next;
  await channel.record(exchangeAfter(0, 'http://h/next'));
  expect(next.calls.map((call) => call.url)).toEqual(['http://h/next']);
  await slow;
  await channel.settled();
});
