// @ts-check
/**
 * One cold start of a bare script, the baseline of bench:start: the same call as the SDKs' (GET a
 * customer from the server at argv[2], read its JSON) with the runtime's global `fetch` and nothing
 * imported; then it prints its phases (ms since the process started) as one JSON line and exits.
 * What an SDK adds to a cold start is its total minus this script's.
 */
const started = performance.now();
const answer = await fetch(`${process.argv[2]}/ext/v3/clientes/c-0001`, {
  headers: { 'x-api-key': 'cold-start-api-key-0123456789', accept: 'application/json' },
});
if (!answer.ok) throw new Error(`the server answered ${answer.status}`);
await answer.json();
const answered = performance.now();
process.stdout.write(`${JSON.stringify({ started, answered })}\n`);
process.exit(0);
