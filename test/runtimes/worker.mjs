// The matrix's entry on Cloudflare Workers (workerd): a fetch handler that runs the scenario with
// the config POSTed to it and answers the results. Bundled with esbuild as wrangler does.
import * as sdk from 'loyalty-sdk';
import * as bulk from 'loyalty-sdk/bulk';
import { runScenario } from './scenario.js';

/** @param {unknown} error */
const why = (error) => (error instanceof Error ? error.message : String(error));

export default {
  /** @param {Request} request */
  async fetch(request) {
    const config = /** @type {import('./scenario.js').ScenarioConfig} */ (await request.json());
    // The entries made for tests refuse on Workers: the package's exports give this bundle a module that throws.
    const server = await import('loyalty-sdk/server').catch(why);
    const msw = await import('loyalty-sdk/msw').then(
      () => 'loyalty-sdk/msw loaded, but msw/node cannot run here',
      why,
    );
    const results = await runScenario({ sdk, bulk, server, msw }, config);
    return Response.json({ results });
  },
};
