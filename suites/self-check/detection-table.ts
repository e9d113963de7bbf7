import type { FaultDetection } from './detection.ts';

/**
 * The detection table in Markdown: the self-check prints it, writes it to self-check.md, and
 * docs/faults.md carries the latest one. A fault not caught says why in its last column.
 */

/** What the summary reads of a SelfCheckResult (self-check.ts), named here so the two modules do not import each other. */
export interface SelfCheckSummary {
  started_at: string;
  wall_ms: number;
  parallel: number;
  machine: { cpus: number };
  faults: readonly FaultDetection[];
}

export function renderDetectionTable(faults: readonly FaultDetection[]): string {
  const rows = faults.map((row) =>
    [
      `\`${row.fault}\``,
      `\`${row.requirement}\``,
      row.caught ? 'yes' : '**NO**',
      list(row.caught_by),
      seconds(row.duration_ms),
      notes(row),
    ].join(' | '),
  );
  return [
    '| fault | requirement | caught | caught by | time | notes |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** One line: how many faults were caught, how long it took, and which were missed. */
export function renderSummary(result: SelfCheckSummary): string {
  const caught = result.faults.filter((row) => row.caught).length;
  const missed = result.faults.filter((row) => !row.caught).map((row) => row.fault);
  const verdict = missed.length === 0 ? 'PASSED' : `FAILED, not caught: ${missed.join(', ')}`;
  return `Fault self-check ${verdict}: ${caught}/${result.faults.length} faults caught in ${seconds(result.wall_ms)} wall time (${result.parallel} runs at a time on ${result.machine.cpus} CPUs).`;
}

/** self-check.md: the summary and the table. */
export function renderSelfCheckPage(result: SelfCheckSummary): string {
  return [
    '# Fault self-check',
    '',
    `${renderSummary(result)} Started ${result.started_at}.`,
    '',
    renderDetectionTable(result.faults),
    '',
  ].join('\n');
}

function notes(row: FaultDetection): string {
  const notes = [...row.problems];
  if (!row.caught && row.other_failures.length > 0) {
    notes.push(
      `failed for other requirements only: ${row.other_failures.map((other) => `${other.check_id} (${other.failed_requirements.join(', ')})`).join(', ')}`,
    );
  }
  return notes.map(cell).join('; ');
}

function list(ids: readonly string[]): string {
  return ids.length === 0 ? '—' : ids.map((id) => `\`${id}\``).join(', ');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Keeps a message on one table row. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}
