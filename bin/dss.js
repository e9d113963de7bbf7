#!/usr/bin/env node
// The `dss` command. The project is TypeScript run without a build step: register the tsx loader,
// then hand over to the real entry point.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
