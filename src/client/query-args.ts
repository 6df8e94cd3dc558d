import type { RequestOptions } from './options.js';

/**
 * The arguments after the path parameters of a method that sends a query: the query, which may
 * be left out exactly when every one of its fields is optional, then the request options.
 * `Query` is the input type of the operation's query schema in the table, so the table decides.
 */
export type QueryArgs<Query> =
  Partial<Query> extends Query
    ? [query?: Query, options?: RequestOptions]
    : [query: Query, options?: RequestOptions];
