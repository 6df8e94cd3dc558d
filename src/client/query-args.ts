/**
 * The arguments after the path parameters of a method that sends a query: the query, which may
 * be left out exactly when every one of its fields is optional, then the request options.
 * `Query` is the input type of the operation's query schema in the table, so the table decides;
 * `Options` is the method's request options (`ReadRequestOptions` for a read).
 */
export type QueryArgs<Query, Options> =
  Partial<Query> extends Query ? [query?: Query, options?: Options] : [query: Query, options?: Options];
