import { expect, test } from '@playwright/test';
import type { JournalEntry } from '../../test-support/far-target.ts';
import { linksByKind, longestChain, longestChainOf } from './chains.ts';

const entry = (path: string, arrived: number, answered: number): JournalEntry => ({
  method: 'GET',
  path,
  arrived,
  answered,
  status: 200,
});

test('the longest chain follows requests sent after the answer before them; requests sent together count once', () => {
  // act, then three balance reads at once, then the next act after the slowest read, then its reads.
  const journal = [
    entry('/act', 0, 40),
    entry('/balance/a', 41, 80),
    entry('/balance/b', 41, 95),
    entry('/balance/c', 41, 82),
    entry('/act', 96, 130),
    entry('/balance/a', 131, 170),
    entry('/balance/b', 131, 171),
    // Beside the chain from the start: it waited for nothing.
    entry('/read-alone', 5, 300),
  ];
  const chain = longestChainOf(journal);
  // Any of a burst's reads is a link: each waited for the act before it, and the next act for all of them.
  expect(chain.map((link) => link.path.split('/')[1])).toEqual(['act', 'balance', 'act', 'balance']);
  expect(chain.map((link) => link.arrived)).toEqual([0, 41, 96, 131]);
  expect(longestChain(journal)).toBe(4);
  expect(linksByKind(chain, (link) => link.path.split('/')[1]!)).toEqual({ act: 2, balance: 2 });
  // Within a millisecond of an answer a request may still have waited for it; two milliseconds before, not.
  expect(longestChain([entry('/a', 0, 10), entry('/b', 9, 20)])).toBe(2);
  expect(longestChain([entry('/a', 0, 10), entry('/b', 8, 20)])).toBe(1);
  expect(longestChainOf([])).toEqual([]);
});
