/**
 * Fault injection: a seeded schedule that decides, request by request, which fault an answer gets;
 * the adapters deliver it. May use the answers and the table.
 */
export { FAULT_HEADER, injectFault } from './inject.js';
export { FaultInjector } from './injector.js';
export { FAULT_KINDS, type FaultKind, type FaultOptions, resolveFaults } from './options.js';
