import { createHash } from 'node:crypto';

/**
 * The CPU time of one fixed piece of work (hashing and arithmetic, about a second), measured in this
 * process. On these shared machines the same work has taken from 0.56 to 1.18 s of CPU within one
 * hour, on a machine otherwise quiet (other tenants of the host, or its clock): a figure measured
 * beside a slow probe is slow for that reason, not for the code's. Recorded before and after a run.
 */
export function speedProbeMs(): number {
  const started = process.cpuUsage();
  let digest = Buffer.alloc(1024);
  for (let index = 0; index < 300_000; index += 1) digest = createHash('sha256').update(digest).digest();
  let sum = 0;
  for (let index = 0; index < 30_000_000; index += 1) sum += Math.sqrt(index);
  const used = process.cpuUsage(started);
  // The sum is used, so that the loop is not optimised away.
  return Math.round((used.user + used.system) / 1000) + (sum < 0 ? 1 : 0);
}
