/**
 * LoyaltyClient and the path of a call: options, validation, transport, retries, errors, resources.
 * Uses the table (operations), core, limits, bulk and telemetry; never the OpenAPI document or the server.
 */
export { LoyaltyClient } from './client.js';
export type { ClientOptions, ReadRequestOptions, RequestOptions } from './options.js';
