import { checksText } from './requirement-matrix.ts';
import type { RequirementLevel } from '../requirements/catalogue.ts';
import type { CheckCounts, ConformanceResults, ReadingsJudgedUnder, RequirementStatus } from './report-types.ts';
import { shortStatement } from './short-statement.ts';

/**
 * The words of the verdict block, which conformance.html's first screen and the printed summary both
 * give, in this order: the specification's verdict and score; the readings the run judged under;
 * interoperability with the reference profile, each difference named; and, in one line, what was not
 * verified (the details come further down). One source, so that the page and the console never
 * disagree.
 */

/** "FAILED; MUST score 71/81 decided requirements passed (87.7%), beside it 53 inconclusive and 0 not verified". */
export function specificationText(results: ConformanceResults): string {
  const { overall } = results.scores;
  const verdict = results.verdict.toUpperCase().replaceAll('-', ' ');
  if (overall.score === null) return `${verdict}; no MUST requirement was decided`;
  return `${verdict}; MUST score ${overall.passed}/${overall.checked} decided requirements passed (${overall.score}%), beside it ${overall.inconclusive} inconclusive and ${overall.not_verified} not verified`;
}

/**
 * "2 checks listed under expected_failures passed, so the run fails until you remove these from
 * expected_failures: a, b", or null when the baseline holds. It says why a run FAILED whose score the
 * stale entries do not lower (their checks passed).
 */
export function staleBaselineText(results: ConformanceResults): string | null {
  const ids = results.stale_baseline;
  if (ids.length === 0) return null;
  const checks =
    ids.length === 1
      ? '1 check listed under expected_failures passed'
      : `${ids.length} checks listed under expected_failures passed`;
  return `${checks}, so the run fails until you remove ${ids.length === 1 ? 'it' : 'these'} from expected_failures: ${ids.join(', ')}`;
}

const sourceWords: Record<ReadingsJudgedUnder[string]['source'], string> = {
  declared: 'declared by the profile',
  detected: 'detected',
  reference: "the reference's",
};

/**
 * "the reference's" when every reading is the reference profile's; otherwise each other one with its
 * source, a detected one with what showed it ("string_bodies = named (declared by the profile),
 * amount_scale = 9 (detected: GET … as mm-a answered balance "250.000000000")"), and the reference's for
 * the rest. A reading a check's answer contradicted is named whatever its source, with that answer.
 */
export function readingsText(readings: ReadingsJudgedUnder | undefined): string {
  if (readings === undefined) return 'not recorded (the run left no readings in its target.json)';
  const entries = Object.entries(readings);
  const others = entries.filter(([, reading]) => reading.source !== 'reference' || reading.shown_mid_run !== undefined);
  if (others.length === 0) return "the reference's";
  const named = others
    .map(([key, reading]) => {
      const source = `${sourceWords[reading.source]}${reading.shown_by === undefined ? '' : `: ${reading.shown_by}`}`;
      const contradicted =
        reading.shown_mid_run === undefined
          ? ''
          : `; CONTRADICTED mid-run by ${reading.shown_mid_run}: checks judged under it may have failed for the reading, declare the target's`;
      return `${key} = ${reading.value} (${source}${contradicted})`;
    })
    .join(', ');
  return others.length === entries.length ? named : `${named}; the reference's for the rest`;
}

export interface Difference {
  id: string;
  level: RequirementLevel;
  /** The requirement's statement, short (short-statement.ts). */
  statement: string;
}

/** The requirements of the reference profile the run found broken, each with its short statement. */
export function differencesOf(results: ConformanceResults): Difference[] {
  const rows = new Map(results.requirements.map((row) => [row.id, row]));
  return results.reference_profile.failed.flatMap((id) => {
    const row = rows.get(id);
    return row === undefined ? [] : [{ id, level: row.level, statement: shortStatement(row.statement) }];
  });
}

/** "65/66 decided requirements passed (20 inconclusive), 1 difference" (the differences themselves are listed apart). */
export function interoperabilityText(results: ConformanceResults): string {
  const { passed, checked, failed, inconclusive } = results.reference_profile;
  const undecided = inconclusive === 0 ? '' : ` (${inconclusive} inconclusive)`;
  const differences =
    failed.length === 0 ? 'no difference' : `${failed.length} difference${failed.length === 1 ? '' : 's'}`;
  return `${passed}/${checked} decided requirements passed${undecided}, ${differences}`;
}

/** How many differences the verdict block names; the rest are counted and found under the findings. */
export const DIFFERENCES_SHOWN = 8;

/** The undecided statuses of the specification layer, in the order the line counts them. */
const undecided: ReadonlyArray<[RequirementStatus, string]> = [
  ['inconclusive', 'inconclusive'],
  ['not-verified', 'not verified here'],
  ['uncovered', 'uncovered'],
  ['not-testable', 'not testable from outside'],
];

/**
 * "24 of 102 requirements (23 inconclusive, 1 not testable from outside); 78 requirements verified (77
 * MUST)", over the specification layer: the headline's numbers, counted by status (the headline's
 * `why` gives the reasons, further down).
 */
export function notVerifiedText(results: ConformanceResults): string {
  const { headline } = results;
  if (headline.not_verified === 0)
    return `none: every one of the ${headline.total} requirements verified (${headline.verified_must} MUST)`;
  const rows = results.requirements.filter((row) => row.layer === 'specification');
  const counts = undecided
    .map(([status, words]) => [rows.filter((row) => row.status === status).length, words] as const)
    .filter(([count]) => count > 0);
  return `${headline.not_verified} of ${headline.total} requirements (${counts.map(([count, words]) => `${count} ${words}`).join(', ')}); ${headline.verified} requirements verified (${headline.verified_must} MUST)`;
}

/**
 * What the checks naming a requirement did with it, both ways when they disagree: "held in 12 checks,
 * 2 could not reach it", "broken in 1 check, held in 3", "held in 5 checks, 1 not run here".
 */
export function checkCountsText(counts: CheckCounts): string {
  const parts: Array<[number, (checks: string) => string]> = [
    [counts.broken, (checks) => `broken in ${checks}`],
    [counts.held, (checks) => `held in ${checks}`],
    [counts.not_reached, (checks) => `${checks} could not reach it`],
    [counts.not_run, (checks) => `${checks} not run here`],
  ];
  // The first count says "checks"; the others go without, as the examples above.
  const said = parts
    .filter(([count]) => count > 0)
    .map(([count, words], index) => words(index === 0 ? checksText(count) : String(count)));
  return said.length === 0 ? 'no check names it' : said.join(', ');
}
