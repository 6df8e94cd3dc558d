// The matrix's entry on Node, Bun and Deno: the packed package as that runtime loads it, the
// scenario's cases, one JSON line on stdout. The config is the last argument.
import { runScenario } from './scenario.js';

/** @param {unknown} error */
const why = (error) => (error instanceof Error ? error.message : String(error));

const config = JSON.parse(process.argv.at(-1) ?? '{}');
const sdk = await import('loyalty-sdk');
const bulk = await import('loyalty-sdk/bulk');
const server = await import('loyalty-sdk/server').catch(
  (error) => `loyalty-sdk/server did not load: ${why(error)}`,
);
const msw = await Promise.all([import('msw/node'), import('loyalty-sdk/msw')]).then(
  ([node, handlers]) => ({
    setupServer: node.setupServer,
    createLoyaltyHandlers: handlers.createLoyaltyHandlers,
  }),
  (error) => `msw/node or loyalty-sdk/msw did not load: ${why(error)}`,
);
const results = await runScenario({ sdk, bulk, server, msw }, config);
process.stdout.write(`${JSON.stringify({ results })}\n`);
// Keep-alive sockets of the default transport would hold the process open for seconds.
process.exit(0);
