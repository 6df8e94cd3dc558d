// The matrix's entry on Cloudflare Workers (workerd): a fetch handler that runs the scenario with
// the config POSTed to it and answers the results. Bundled with esbuild as wrangler does.
import * as sdk from 'loyalty-sdk';
import * as bulk from 'loyalty-sdk/bulk';
import { runScenario } from './scenario.js';

const IN_PROCESS_SERVER = 'not on Workers: the reference engine runs on Node, Bun and Deno';

export default {
  /** @param {Request} request */
  async fetch(request) {
    const config = /** @type {import('./scenario.js').ScenarioConfig} */ (await request.json());
    const results = await runScenario(
      { sdk, bulk, server: IN_PROCESS_SERVER, msw: IN_PROCESS_SERVER },
      config,
    );
    return Response.json({ results });
  },
};
