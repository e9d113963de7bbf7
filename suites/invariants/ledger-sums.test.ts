import { expect, test } from '@playwright/test';
import { replay, unconservedAssets } from './ledger-sums.ts';

test('replay applies the changes in order over the start, from nothing when the start is empty, and leaves the start alone', () => {
  const start = new Map([['a', 10n]]);
  const changes = [
    { holding: 'a', delta: -4n },
    { holding: 'b', delta: 4n },
    { holding: 'b', delta: -1n },
  ];
  expect(replay(changes, start)).toEqual(
    new Map([
      ['a', 6n],
      ['b', 3n],
    ]),
  );
  expect(start).toEqual(new Map([['a', 10n]]));
  expect(replay(changes, new Map())).toEqual(
    new Map([
      ['a', -4n],
      ['b', 3n],
    ]),
  );
});

test('conservation: per asset the holdings add up to what is outstanding, an asset missing on one side counting as zero', () => {
  const outstanding = new Map([
    ['USD', 7n],
    ['GBP', 2n],
    ['EUR', 0n],
  ]);
  expect(
    unconservedAssets(
      [
        { asset: 'USD', amount: 5n },
        { asset: 'USD', amount: 2n },
        { asset: 'GBP', amount: 2n },
      ],
      outstanding,
    ),
  ).toEqual([]);
  expect(
    unconservedAssets(
      [
        { asset: 'USD', amount: 5n },
        { asset: 'JPY', amount: 1n },
      ],
      outstanding,
    ),
  ).toEqual([
    { asset: 'USD', held: 5n, outstanding: 7n },
    { asset: 'JPY', held: 1n, outstanding: 0n },
    { asset: 'GBP', held: 0n, outstanding: 2n },
  ]);
});
