/**
 * What the server answers: the request and response shapes, the envelope, the failures and the
 * `details` of a 400. The bottom server wing: it may use only the table.
 */
export { type BaseMeta, failureOf, failureResponse, successResponse } from './envelope.js';
export { ApiFailureError } from './failures.js';
export type { Answer, EngineRequest, EngineResponse } from './response.js';
export { settle } from './settle.js';
