// Rewrites docs/errors.md from the error-code catalogue (npm run docs:errors).
import { writeFileSync } from 'node:fs';
import { renderErrorDocs } from './error-docs.ts';

writeFileSync(new URL('../../docs/errors.md', import.meta.url), renderErrorDocs());
