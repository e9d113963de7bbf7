// Rewrites bench/README.md from bench/catalogue.ts and the latest runs in bench/results/:
//   npm run -s docs:bench
import { writeFileSync } from 'node:fs';
import { renderBenchReference } from '../../bench/reference.ts';

writeFileSync(new URL('../../bench/README.md', import.meta.url), renderBenchReference());
