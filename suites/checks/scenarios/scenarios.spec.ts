import { check, requireControl, warnShould } from '../../runtime/check.ts';
import { test } from '../../runtime/fixtures.ts';
import { loadScenarios } from '../../scenario/load.ts';
import { runScenario } from '../../scenario/runner.ts';

/**
 * One check per scenario file (scenarios/*.yaml): multi-member flows run step by step against the
 * target by the scenario runner. The flows and what they verify are in the files; the check id is
 * `scenario.<file name>` and its requirements are the file's.
 */

for (const scenario of loadScenarios()) {
  test(
    ...check(`scenario.${scenario.name}`, scenario.title, { verifies: scenario.requirements }),
    async ({ actors, target }) => {
      if (scenario.needsControl) requireControl(actors);
      await runScenario(scenario, {
        actors,
        readings: target.readings,
        warn: (requirement, message) => warnShould(false, message, requirement),
      });
    },
  );
}
