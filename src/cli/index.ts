/**
 * The `loyalty` command: argument parsing, `serve` and its flags; `main.ts` is the bin.
 * May use every wing below it: the reference server (through src/server/internal.ts) and the table.
 */
export { parseCommand, parseKeyOption, UsageError } from './serve/args.js';
export { describeKeys } from './serve/describe-keys.js';
export { faultsFromFlags } from './serve/fault-flags.js';
