import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * Interactive API docs (Swagger UI) for the generated OpenAPI document. Swagger UI's files come from
 * the `swagger-ui-dist` package and are served by the simulator itself at `/docs/assets/`, so the
 * page works with no network access.
 */

/** The folder that holds swagger-ui.css and swagger-ui-bundle.js. */
export function swaggerUiAssetDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

export function docsPage(openApiUrl: string): string {
  // JSON is a valid script literal; escaping `<` keeps a URL from closing the script element.
  const url = JSON.stringify(openApiUrl).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Digital Settlement Service API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>
// validatorUrl null: Swagger UI would otherwise send the document to an online validator.
window.ui = SwaggerUIBundle({ url: ${url}, dom_id: '#swagger-ui', validatorUrl: null });
</script>
</body>
</html>
`;
}
