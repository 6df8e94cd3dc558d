/** What `table.mjs` runs, bundled by it into .tmp/ so that plain node can load it. */

export { measureAll } from './measure.js';
export { ROWS, SCENARIOS } from './scenarios.js';
export { describeCell } from './table-cell.js';
