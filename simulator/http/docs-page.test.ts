import { test, expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { docsPage, swaggerUiAssetDir } from './docs-page.ts';

test.describe('API docs page', () => {
  test('the Swagger UI files it loads are installed locally', () => {
    const dir = swaggerUiAssetDir();
    expect(isAbsolute(dir)).toBe(true);
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) expect(existsSync(join(dir, file)), file).toBe(true);
  });

  test('loads local assets only and points Swagger UI at the document', () => {
    const page = docsPage('/openapi.json');
    expect(page).toContain('<link rel="stylesheet" href="/docs/assets/swagger-ui.css">');
    expect(page).toContain('<script src="/docs/assets/swagger-ui-bundle.js"></script>');
    expect(page).toContain('url: "/openapi.json"');
    expect(page).toContain('validatorUrl: null');
    expect(page).not.toMatch(/https?:\/\//);
  });

  test('a URL cannot break out of the script element', () => {
    const page = docsPage('/x</script><script>alert(1)</script>');
    expect(page).not.toContain('</script><script>alert(1)');
    expect(page.match(/<\/script>/g)).toHaveLength(2);
  });
});
