// @ts-check
/**
 * One cold start of loyalty-sdk, run in a fresh process by cold-start.mjs from a project where the
 * packed package is installed (so `loyalty-sdk` is that package's dist/, on every runtime): import,
 * construct a client, complete one call to the server at argv[2]; then print the phases (ms since
 * the process started) as one JSON line and exit.
 */
const started = performance.now();
const { LoyaltyClient } = await import('loyalty-sdk');
const imported = performance.now();
const client = new LoyaltyClient({ apiKey: 'cold-start-api-key-0123456789', baseUrl: process.argv[2] });
const constructed = performance.now();
await client.clientes.retrieve('c-0001');
const answered = performance.now();
process.stdout.write(`${JSON.stringify({ started, imported, constructed, answered })}\n`);
process.exit(0);
