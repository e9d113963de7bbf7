// Rewrites docs/faults.md from the fault catalogue and a whole self-check's results:
//   npm run self-check && npm run docs:faults [-- reports/self-check.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { renderFaultDocs } from './fault-docs.ts';
import type { SelfCheckResult } from '../../suites/self-check/self-check.ts';

const resultFile = process.argv[2] ?? 'reports/self-check.json';
const result = JSON.parse(readFileSync(resultFile, 'utf8')) as SelfCheckResult;
writeFileSync(new URL('../../docs/faults.md', import.meta.url), renderFaultDocs(result));
