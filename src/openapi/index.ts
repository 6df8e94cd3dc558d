/**
 * The OpenAPI 3.0 document, built from the operation table (the full one ships in the package).
 * May use only the table.
 */
export { buildOpenApiDocument } from './document.js';
