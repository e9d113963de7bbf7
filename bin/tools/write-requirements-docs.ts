// Rewrites docs/requirements.md from the requirement catalogue and the spec index: npm run docs:requirements
import { writeFileSync } from 'node:fs';
import { loadCatalogue } from '../../suites/requirements/catalogue.ts';
import { renderRequirementsDocs } from './requirements-docs.ts';
import { loadSpecIndex } from '../../suites/requirements/spec-index.ts';
import { loadSpecWalk } from '../../suites/requirements/spec-walk.ts';

writeFileSync(
  new URL('../../docs/requirements.md', import.meta.url),
  renderRequirementsDocs(loadCatalogue(), loadSpecIndex(), loadSpecWalk()),
);
