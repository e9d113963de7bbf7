/**
 * mulberry32, a small, well-known seeded generator of numbers in [0, 1): the same seed draws the same
 * numbers, in any language that has 32-bit integer multiplication. Not a rule of the API: what makes a
 * seed that a network file or a profile names reproduce a run, on both halves: the simulator's autopilot
 * draws an RFI's answers with it (`rfi.seed`), the harness the jitter of its waits on a 429
 * (`rate_limit.seed`). Written once, here, because both halves need it and neither may import the other.
 */

/** One step: the number drawn at `state` and the state after it. Pure. */
export function mulberry32(state: number): { value: number; next: number } {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, next };
}

/** The numbers `seed` draws, one a call; the function holds only its own position. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    const step = mulberry32(state);
    state = step.next;
    return step.value;
  };
}
