/**
 * LoyaltyClient and the path of a call: options, validation, transport, retries, errors, resources.
 * May use only the table and the OpenAPI document below it; never the server.
 */
export { LoyaltyClient } from './client.js';
export type { ClientOptions, ReadRequestOptions, RequestOptions } from './options.js';
