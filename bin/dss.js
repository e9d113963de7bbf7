#!/usr/bin/env node
// The `dss` command. It runs the compiled kit in dist/ (JavaScript, no TypeScript loader): in a
// checkout, dist/ is first brought up to date with the sources if any changed since the last build
// (bin/build.js; a check of milliseconds); an installed kit ships dist/ built.
import { ensureBuilt } from './build.js';

try {
  ensureBuilt();
} catch (error) {
  console.error(`dss: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
await import('../dist/bin/cli.js');
