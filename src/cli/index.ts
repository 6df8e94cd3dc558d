/**
 * The `loyalty` command: argument parsing, `serve` and its flags; `main.ts` is the bin.
 * May use every wing below it: the reference server (through src/server/internal.ts) and the table.
 */
export { parseCommand, parseKeyOption, UsageError } from './args.js';
export { describeKeys, maskKey } from './describe-keys.js';
export { faultsFromFlags } from './fault-flags.js';
