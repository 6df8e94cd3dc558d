/** A JSON object: an envelope, a record, an OpenAPI document or part of one. */
export type Json = Record<string, unknown>;

/** Whether a value is a JSON object (an envelope, a record, an OpenAPI document or part of one): not null, not an array. */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
