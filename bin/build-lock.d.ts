// The types of bin/build-lock.js (plain JavaScript, because it runs before anything is compiled) for
// the TypeScript that imports it: its test.
export interface LockOptions {
  log?: (line: string) => void;
  waitMs?: number;
}
export function withLock<T>(lockDir: string, work: () => T, options?: LockOptions): T;
