import {
  describeCitation,
  requirementLayers,
  type Catalogue,
  type CataloguedRequirement,
  type RequirementLayer,
} from '../../suites/requirements/catalogue.ts';
import { coverageOf, type Coverage, type SpecStatement } from '../../suites/requirements/spec-index.ts';
import { specParts } from '../../schemas/catalogue-types.ts';
import { readingsOf } from '../../suites/requirements/readings-relied-on.ts';
import { SPEC_WALK, type WalkItem } from '../../suites/requirements/spec-walk.ts';

/**
 * docs/requirements.md, written from the catalogue and the spec index (`npm run docs:requirements`): what a
 * vendor is held to, layer by layer, each rule with its quoted sources, and how every testable statement of
 * the spec is covered. A test keeps the file equal to what this renders.
 */

const layerTitle: Record<RequirementLayer, string> = {
  specification: 'Specification layer: the verdict',
  profile: 'Reference profile layer: reported beside the verdict',
};

const layerIntro: Record<RequirementLayer, string> = {
  specification:
    'What every reading of the specification’s own words demands. The verdict and the score of a conformance report come from these requirements only: a MUST that fails fails the run, a SHOULD warns.',
  profile:
    'Decisions of the reference simulator on points the specification leaves open (docs/semantics.md): signatures, canonical JSON, message encoding, gateway payloads, which status refuses what where the table does not say. A report shows them as “interoperates with the reference profile: N/M”; they never change the verdict.',
};

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

function sources(requirement: { cites: CataloguedRequirement['cites'] }): string {
  return requirement.cites.map(describeCitation).map(cell).join('<br>');
}

function requirementRow(requirement: CataloguedRequirement): string {
  const notes = [
    requirement.prerequisites.length > 0 ? `Prerequisites: ${requirement.prerequisites.join(', ')}.` : '',
    requirement.not_testable !== null ? `**Not testable from outside:** ${requirement.not_testable}` : '',
    readingsOf(requirement.id).length > 0
      ? `Judged under the target’s reading of: ${readingsOf(requirement.id)
          .map((key) => `[${key}](readings.md#${key})`)
          .join(', ')}.`
      : '',
  ].filter((note) => note !== '');
  const rule = [requirement.statement, ...notes].map(cell).join('<br>');
  return `| <a id="${requirement.id}"></a>${requirement.id} | ${requirement.level} | ${rule} | ${sources(requirement)} |`;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

const outcomeWords: Record<WalkItem['outcome'], string> = {
  fixed: 'fixed',
  stays: 'stays as it is: the spec states it',
  open: 'still open',
};

export function renderRequirementsDocs(
  catalogue: Catalogue,
  index: readonly SpecStatement[],
  walk: readonly WalkItem[],
): string {
  const { requirements, prerequisites } = catalogue;
  const coverage = countBy(index, coverageOf);
  const perLayer = countBy(requirements, (requirement) => `${requirement.layer} ${requirement.level}`);
  const notTestable = countBy(
    requirements.filter((requirement) => requirement.not_testable !== null),
    (requirement) => requirement.layer,
  );
  const lines: string[] = [
    '# Requirements of the conformance kit for the DSS API 1.0.0',
    '',
    '<!-- Written by `npm run docs:requirements` from suites/requirements/1.0.0.yaml and spec-index.yaml: edit those, not this file. -->',
    '',
    'Every check of the kit names the requirements below, and every requirement quotes its sources: a line of',
    'the specification (`spec line N`, in [dss-api-spec-1.0.0.md](../suites/requirements/dss-api-spec-1.0.0.md),',
    'the spec verbatim) or a section of [semantics.md](semantics.md). Requirement IDs are frozen: a changed rule',
    'gets a new ID and the old one is dropped (the catalogue’s changelog says which).',
    '',
    `- Requirements: ${requirements.length}. ${requirementLayers.map((layer) => `${layer}: ${['MUST', 'SHOULD'].map((level) => `${perLayer.get(`${layer} ${level}`) ?? 0} ${level}`).join(', ')}${notTestable.get(layer) ? ` (${notTestable.get(layer)} not testable from outside)` : ''}`).join('; ')}.`,
    `- Testable statements of the specification indexed: ${index.length}. ${(['covered', 'partly', 'open', 'not testable'] as Coverage[]).map((kind) => `${kind}: ${coverage.get(kind) ?? 0}`).join(', ')} (see [the index](#coverage-of-the-specification)).`,
    '',
    '## Prerequisites',
    '',
    'Interoperability rules of the reference profile that a check needs before it can verify anything (a vendor',
    'must sign a funding somehow). A specification requirement names those its checks need; a prerequisite is',
    'never scored itself. The profile requirements of its “checked by” column say whether it held in a run: a',
    'report lists the prerequisites the run relied on and whether each held, and where one did not hold, what',
    'rests on it is inconclusive, never failed.',
    '',
    '| ID | Rule | Checked by | Sources |',
    '|---|---|---|---|',
    ...prerequisites.map(
      (prerequisite) =>
        `| <a id="${prerequisite.id}"></a>${prerequisite.id} | ${cell(prerequisite.statement)} | ${prerequisite.checked_by.map((id) => `[${id}](#${id})`).join(', ')} | ${sources(prerequisite)} |`,
    ),
  ];
  for (const layer of requirementLayers) {
    lines.push('', `## ${layerTitle[layer]}`, '', layerIntro[layer]);
    for (const part of specParts) {
      const inPart = requirements.filter((requirement) => requirement.layer === layer && requirement.part === part);
      if (inPart.length === 0) continue;
      lines.push(
        '',
        `### ${layer === 'specification' ? 'Specification' : 'Profile'}: ${part}`,
        '',
        '| ID | Level | Rule | Sources |',
        '|---|---|---|---|',
        ...inPart.map(requirementRow),
      );
    }
  }
  lines.push(
    '',
    `## The spec walk of ${SPEC_WALK.date}: each item`,
    '',
    'A line-by-line walk of the specification against this catalogue and its checks listed the places where the',
    'specification layer judged more than the spec states (its lists B, C, E) and coverage the index claimed that no',
    'check asserted (list D). What became of each (the requirement ids are this catalogue’s):',
    '',
    '| Item | Outcome | What |',
    '|---|---|---|',
    ...walk.map((entry) => `| ${entry.item} | ${outcomeWords[entry.outcome]} | ${cell(entry.text)} |`),
    '',
    '## Coverage of the specification',
    '',
    'Each testable statement of the specification, by line, and what covers it: *covered* by a specification',
    'requirement; *partly*, with what the specification layer leaves unchecked; *open* where the spec’s words',
    'do not settle the rule, so that only the reference profile covers it; *not testable* where no client can',
    'provoke it.',
    '',
    '| Line | Statement | Coverage | Requirements |',
    '|---|---|---|---|',
    ...index.map((statement) => {
      const reason = statement.partly ?? statement.open ?? statement.not_testable;
      const kind = coverageOf(statement);
      const named = statement.requirements.map((id) => `[${id}](#${id})`).join(', ');
      return `| ${statement.to === statement.line ? statement.line : `${statement.line}–${statement.to}`} | ${cell(statement.quote)} | ${kind}${reason === null ? '' : `: ${cell(reason)}`} | ${named} |`;
    }),
    '',
  );
  return lines.join('\n');
}
