// @ts-check
/**
 * One cold start of openai-node, run in a fresh process by cold-start.mjs: import, construct a
 * client whose baseURL is the server at argv[2], complete one request (`GET /models`); then print
 * the phases (ms since the process started) as one JSON line and exit.
 */
const started = performance.now();
const { default: OpenAI } = await import('openai');
const imported = performance.now();
const client = new OpenAI({ apiKey: 'cold-start-api-key-0123456789', baseURL: process.argv[2] });
const constructed = performance.now();
await client.models.list();
const answered = performance.now();
process.stdout.write(`${JSON.stringify({ started, imported, constructed, answered })}\n`);
process.exit(0);
