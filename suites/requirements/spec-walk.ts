import { readKitYaml } from '../kit-layout.ts';

/**
 * What became of each item of a walk of the spec against the catalogue (spec-walk-<date>.yaml beside this
 * file): fixed, staying as it is because the spec states it, or still open. docs/requirements.md shows it.
 */

export const walkOutcomes = ['fixed', 'stays', 'open'] as const;
export type WalkOutcome = (typeof walkOutcomes)[number];

export interface WalkItem {
  item: string;
  outcome: WalkOutcome;
  text: string;
}

export const SPEC_WALK = { date: '2026-12-01', file: new URL('./spec-walk-2026-12-01.yaml', import.meta.url) };

export function loadSpecWalk(file: URL = SPEC_WALK.file): WalkItem[] {
  const data = readKitYaml(file) as { items?: unknown };
  if (!Array.isArray(data?.items)) throw new Error(`${file.pathname}: items must be a list`);
  return data.items.map((entry: unknown, index: number) => {
    const { item, outcome, text } = (entry ?? {}) as Record<string, unknown>;
    if (typeof item !== 'string' || typeof text !== 'string' || !walkOutcomes.includes(outcome as WalkOutcome)) {
      throw new Error(
        `${file.pathname}: items[${index}] needs item, text and an outcome of ${walkOutcomes.join(', ')}`,
      );
    }
    return { item, outcome: outcome as WalkOutcome, text };
  });
}
