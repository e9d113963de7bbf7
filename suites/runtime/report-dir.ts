import { resolve } from 'node:path';

/** Where a run writes its reports: `DSS_REPORT_DIR` (set by `dss test --report-dir`), default `reports`. */
export function reportDirOf(env: Record<string, string | undefined>): string {
  return resolve(env.DSS_REPORT_DIR ?? 'reports');
}
