import { createRequire } from 'node:module';

type YamlModule = typeof import('yaml');
let loaded: YamlModule | undefined;

/**
 * The yaml package, loaded on its first use. Loading it costs a tenth of a second of CPU in a fresh
 * process, and most of the kit's processes read no YAML at all: Playwright's workers of a run against a
 * simulator read a JSON profile and the kit's own data parsed by the build (kit-layout.ts `builtParse`).
 * Synchronous, because the profile is read where nothing can be awaited (the Playwright config).
 */
export function yaml(): YamlModule {
  return (loaded ??= createRequire(import.meta.url)('yaml') as YamlModule);
}
