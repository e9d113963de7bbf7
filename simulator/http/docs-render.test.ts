import { test, expect } from '@playwright/test';
import { launchChromium } from '../../test-support/browser.ts';
import { resourceNames, resourceSchemas } from '../../schemas/resources.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';

/**
 * The interactive docs page in a real browser: Swagger UI lists every schema of the document with
 * its real type (every resource is an object), and opened in full none shows the type "never", which
 * Swagger UI gives a schema it cannot type (the top-level `not` the charge request once had).
 * Asserts on the DOM, never on pixels.
 */

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
test.afterAll(async () => sim?.close());

test('/docs lists every schema with its type, and none renders as "never"', async () => {
  test.setTimeout(300_000);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${sim.url}/docs`);
    // OpenAPI 3.1 schemas are drawn by Swagger UI's JSON Schema 2020-12 components, one article each.
    const models = page.locator('section.models article.json-schema-2020-12[data-json-schema-level="0"]');
    await expect(models).toHaveCount(resourceNames.length, { timeout: 120_000 });
    const types = await models
      .locator(':scope > .json-schema-2020-12-head .json-schema-2020-12__attribute--primary')
      .allInnerTexts();
    // A resource with a oneOf/anyOf shows as "object | (<branch> | <branch>)": an object all the same.
    expect(
      types.map(
        (type, index) =>
          `${resourceNames[index]}: ${/^object(?: \| \((?:object|any)(?: \| (?:object|any))*\))?$/.test(type) ? 'object' : type}`,
      ),
    ).toEqual(resourceNames.map((name) => `${name}: object`));
    // Opened in full: the schemas with a combinator, where typing can go wrong (opening all 42 takes minutes).
    for (let index = 0; index < resourceNames.length; index++) {
      if (!/"(?:oneOf|anyOf|allOf|not|if)"/.test(JSON.stringify(resourceSchemas[resourceNames[index]!]))) continue;
      const model = models.nth(index);
      await model.locator(':scope > .json-schema-2020-12-head .json-schema-2020-12-expand-deep-button').click();
      await expect(model.locator(':scope > .json-schema-2020-12-body')).not.toHaveClass(/collapsed/);
      const shownTypes = await model.locator('.json-schema-2020-12__attribute--primary').allInnerTexts();
      expect(shownTypes.length, resourceNames[index]).toBeGreaterThan(1);
      expect(
        shownTypes.filter((type) => /\bnever\b/.test(type)),
        resourceNames[index],
      ).toEqual([]);
    }
  } finally {
    await browser.close();
  }
});
