/**
 * The server's data and what changes it: the store, customers, ledger, levels, seed, admin helpers;
 * every change passes through ServerState.change. May use the faults' report type and the table.
 */
export { createAdmin, type StateAdmin } from './admin.js';
export { ServerState } from './server-state.js';
export { Store } from './store.js';
