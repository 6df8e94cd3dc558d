// @ts-check
// `npm run check:leftovers`, the last step of `npm test` (test/steps.mjs): fails the run, naming the
// test file or step, when a process the run started outlives it or a temporary folder remains.
import { checkRun, RUN_MARK, STEP_SESSIONS } from './leftovers.mjs';

const run = process.env[RUN_MARK];
if (!run) {
  console.error(
    `check:leftovers checks a run of \`npm test\`, which sets ${RUN_MARK}: run \`npm test\` instead`,
  );
  process.exit(2);
}
/** @type {Record<string, string>} */
const sessions = JSON.parse(process.env[STEP_SESSIONS] ?? '{}');
const left = await checkRun(run, {
  sessions: new Map(Object.entries(sessions).map(([id, step]) => [Number(id), step])),
  print: console.log,
});
process.exitCode = left === 0 ? 0 : 1;
