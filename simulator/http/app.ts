import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { familyPrefix } from '../../schemas/catalogue-types.ts';
import { buildOpenApiDocument } from '../../schemas/openapi.ts';
import { DssError } from '../errors.ts';
import { controlRouter } from '../control/routes.ts';
import { dashboardRouter } from '../ui/routes.ts';
import { tokenizerHandlers } from '../routes/tokenizer.ts';
import { memberHandlers } from '../routes/member.ts';
import type { Simulator } from '../simulator.ts';
import { docsPage, swaggerUiAssetDir } from './docs-page.ts';
import { BUILD_VERSION } from './error-body.ts';
import { familyRouter } from './family-router.ts';
import { sendError } from './send-error.ts';

export const SPEC_VERSION = '1.0.0';

/** The simulator's icon: two ledger rows settling into one, in the dashboard's colours. */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d2330"/><path d="M7 11h12M7 21h12" stroke="#8a93a3" stroke-width="3" stroke-linecap="round"/><path d="M19 11l6 5-6 5" fill="none" stroke="#2d7d46" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>';

const docsAssets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The whole simulator as one Hono app: both interface families, the control plane, and the API docs. */
export function createApp(sim: Simulator): Hono {
  const app = new Hono();
  const openApi = buildOpenApiDocument();

  app.route(familyPrefix.tokenizer, familyRouter(sim, 'tokenizer', tokenizerHandlers));
  app.route(familyPrefix.member, familyRouter(sim, 'member', memberHandlers));
  app.route('/sim', controlRouter(sim, SPEC_VERSION, BUILD_VERSION));
  app.route('/ui', dashboardRouter(sim));

  app.get('/openapi.json', (c) => c.json(openApi));
  app.get('/docs', (c) => c.html(docsPage('/openapi.json')));
  app.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = docsAssets[file];
    if (!type) return sendError(c, sim.state, new DssError('PATH-NOT-FOUND', `No documentation asset ${file}.`));
    return c.body(await readFile(join(swaggerUiAssetDir(), file)), 200, { 'content-type': type });
  });

  // Whoever opens the simulator's address in a browser lands on the dashboard; an API client asking for
  // `/` gets the 404 below, which says where everything is. A browser asks for an icon with every page.
  app.get('/', (c, next) => (/\btext\/html\b/i.test(c.req.header('accept') ?? '') ? c.redirect('/ui', 302) : next()));
  for (const path of ['/favicon.ico', '/favicon.svg'])
    app.get(path, (c) => c.body(FAVICON, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' }));

  app.notFound((c) => {
    // Fault v2-path-served: a router that reads the version as a parameter and never checks it.
    const anyVersion = /^\/(client|tokenizer)\/v\d+\/api(?=\/|$)/;
    if (sim.state.faults.on('v2-path-served') && anyVersion.test(c.req.path)) {
      const url = new URL(c.req.url);
      url.pathname = url.pathname.replace(anyVersion, (_, family: string) => `/${family}/v1/api`);
      return app.fetch(new Request(url, c.req.raw), c.env);
    }
    return sendError(
      c,
      sim.state,
      new DssError(
        'PATH-NOT-FOUND',
        `No endpoint ${c.req.method} ${c.req.path}; the API lives under ${familyPrefix.tokenizer} and ${familyPrefix.member}, the dashboard at /ui, the API docs at /docs.`,
      ),
    );
  });
  app.onError((error, c) => sendError(c, sim.state, error));
  return app;
}
