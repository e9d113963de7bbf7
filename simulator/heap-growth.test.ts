import { test, expect } from '@playwright/test';
import { heapGrowthGiven } from './heap-growth.ts';

test('a heap growing factor given to node, in either spelling, is seen (and then left as given)', () => {
  expect(heapGrowthGiven(['--expose-gc', '--max-old-space-size=512'])).toBe(false);
  expect(heapGrowthGiven(['--expose-gc', '--heap-growing-percent=50'])).toBe(true);
  expect(heapGrowthGiven(['--heap_growing_percent=200'])).toBe(true);
  expect(heapGrowthGiven(['--heap-growing-percent', '50'])).toBe(true);
  // A flag that only begins alike is not that one.
  expect(heapGrowthGiven(['--heap-growing-percentile=5'])).toBe(false);
  expect(heapGrowthGiven([''])).toBe(false);
});
