/** What `table.mjs` runs, bundled by it into .tmp/ so that plain node can load it. */

export { describeFlood, measureFlood } from './mcp-flood.js';
export { measureAll, SURFACES } from './measure.js';
export { ROWS, SCENARIOS } from './scenarios.js';
export { describeServeLog, measureServeLog } from './serve-log.js';
export { describeCell } from './table-cell.js';
