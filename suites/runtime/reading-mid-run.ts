import type { ReadingsJudgedUnder } from '../reporters/report-types.ts';
import {
  amountsIn,
  dsoLineAccountShown,
  dsoLinesIn,
  listedAssets,
  noLineOn,
  ordinal,
  scaleShown,
  type AmountSeen,
  type DsoLineSeen,
} from './reading-evidence.ts';
import type { RecordedCall } from './recorder.ts';

/**
 * The readings the checks' own calls showed, against those the run judged under (docs/readings.md,
 * "Shown mid-run"). A run keeps the readings preflight settled from its first check to its last: its
 * workers run side by side, and a reading changed half-way would have judged the checks before under
 * another one. What the target's answers show later is said beside the reading in the report's verdict
 * block (`shown_mid_run`), so that a failure it explains is read as the reading's, not the target's:
 * - `amount_scale`: an amount with a digit beyond the scale judged under (the ledger keeps more); or,
 *   for the reference's scale taken because preflight saw nothing, every amount written padded to
 *   another width, the width detection would have followed;
 * - `dso_line_account`: lines for other members' DSOs listed on the other kind of account only.
 * Pure: the reporters run it over the recorded calls of every check.
 */

export interface ChecksCalls {
  check_id: string;
  calls: readonly RecordedCall[];
}

export function readingsShownMidRun(
  readings: ReadingsJudgedUnder,
  checks: readonly ChecksCalls[],
): ReadingsJudgedUnder {
  const amounts: AmountSeen[] = [];
  const lines: DsoLineSeen[] = [];
  for (const { check_id, calls } of checks) {
    for (const call of calls) {
      if (call.status !== 200 || call.response_body === null) continue;
      const body = parsed(call.response_body);
      const shownBy = (what: string) => `${check_id}: ${call.method} ${pathOf(call.url)} ${what}`;
      if (call.endpoint_id === 'member.getBalance' || call.endpoint_id === 'member.listObligations')
        amounts.push(...amountsIn(body, (text) => shownBy(`answered balance ${text}`)));
      if (call.endpoint_id === 'member.listAccountInstruments') {
        const account = decodeURIComponent(pathOf(call.url).split('?')[0]!.split('/').pop() ?? '');
        // The caller is not in the record (its token is redacted), so a member's own DSO cannot be told from a line it holds.
        lines.push(...dsoLinesIn(listedAssets(body), account, undefined, (asset) => shownBy(`listed ${asset}`)));
      }
    }
  }
  const notes: Record<string, string | null> = {
    amount_scale: amountNote(readings.amount_scale, amounts),
    dso_line_account: dsoNote(readings.dso_line_account, lines),
  };
  return Object.fromEntries(
    Object.entries(readings).map(([key, entry]) => [
      key,
      notes[key] ? { ...entry, shown_mid_run: notes[key]! } : entry,
    ]),
  );
}

function amountNote(judged: ReadingsJudgedUnder[string] | undefined, amounts: readonly AmountSeen[]): string | null {
  if (judged === undefined || typeof judged.value !== 'number') return null;
  const shown = scaleShown(amounts);
  if (shown.least > judged.value)
    return `${shown.least_by!.shown_by}: a digit in the ${ordinal(shown.least)} fraction place`;
  if (judged.source === 'reference' && shown.fixed && shown.fixed.digits !== judged.value)
    return `${shown.fixed.by.shown_by}: every amount written with ${shown.fixed.digits} fraction digits`;
  return null;
}

function dsoNote(judged: ReadingsJudgedUnder[string] | undefined, lines: readonly DsoLineSeen[]): string | null {
  const shown = dsoLineAccountShown(lines);
  if (judged === undefined || shown === null || shown.value === judged.value) return null;
  return `${shown.shown_by}, and ${noLineOn(shown.value)}`;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The recorded URL's path and query: the host is the run's, named in the report already. */
function pathOf(url: string): string {
  try {
    const parsedUrl = new URL(url);
    return `${parsedUrl.pathname}${parsedUrl.search}`;
  } catch {
    return url;
  }
}
