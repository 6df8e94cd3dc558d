/**
 * `loyalty-sdk/operations`: the operation table and what only tools need: each operation's
 * schemas, help text and prose, `validateRequest`, the scopes and limits. Apart from the main
 * entry because a client never shows this prose, so a program that only calls the API loads none
 * of it. Pure data and functions: it loads on every runtime the client does.
 *
 * @packageDocumentation
 * @module loyalty-sdk/operations
 */
export * from './index.js';
