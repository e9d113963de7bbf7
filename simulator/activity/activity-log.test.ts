import { expect, test } from '@playwright/test';
import { ActivityLog, type ActivityEntry } from './activity-log.ts';

test('entries are numbered and dated in order, listeners see each, and the oldest are dropped past the bound', () => {
  let now = 1000;
  const log = new ActivityLog({ now: () => now }, 4);
  const seen: ActivityEntry[] = [];
  log.subscribe((entry) => seen.push(entry));
  for (let i = 0; i < 6; i++) {
    now += 10;
    log.record({ kind: 'call', method: 'GET', path: `/p${i}`, status: 200, answerJson: '{}' });
  }
  expect(seen.map((entry) => [entry.sequence, entry.at])).toEqual(
    [1, 2, 3, 4, 5, 6].map((sequence) => [sequence, 1000 + 10 * sequence]),
  );
  // Trimmed in batches: at most a quarter over the bound, then back to the bound.
  expect(log.list().map((entry) => entry.sequence)).toEqual([3, 4, 5, 6]);
  expect(log.list(4).map((entry) => entry.sequence)).toEqual([5, 6]);
});

test('same answers the text given, per kind and endpoint, whether or not it repeats the last one', () => {
  const log = new ActivityLog({ now: () => 0 });
  const text = JSON.stringify({ identification: 'mm-singapore' });
  expect(log.same('answer', 'member.getMember', text)).toBe(text);
  expect(log.same('answer', 'member.getMember', JSON.stringify({ identification: 'mm-singapore' }))).toBe(text);
  expect(log.same('answer', 'member.getMember', '{}')).toBe('{}');
  expect(log.same('path', 'member.getMember', '/client/v1/api/members/a')).toBe('/client/v1/api/members/a');
  expect(log.same('answer', 'member.listMembers', text)).toBe(text);
});
