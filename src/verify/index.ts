/**
 * `loyalty-sdk/verify`: measures a real service against the SDK and its reference server, and
 * reports each difference (Node, Bun and Deno; not Workers or browsers). The verify wing uses
 * only the wings below it: the server's insides (src/server/internal.ts, its engine as the
 * expectation), the client's URL and error helpers, the OpenAPI document and the operation table.
 *
 * @packageDocumentation
 * @module loyalty-sdk/verify
 */
export { renderJUnitReport } from './report/junit.js';
export { renderMarkdownReport } from './report/markdown.js';
export type * from './types.js';
export { planVerification, verifyService } from './verify.js';
