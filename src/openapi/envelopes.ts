import type { Json } from '../core/index.js';
import { SUCCESS_CODE } from '../operations/envelope.js';
import type { Scope } from '../operations/scopes.js';

/** @inline */
const ENVELOPE_REF = { $ref: '#/components/schemas/Envelope' };

/*
 * What the SDK needs of an answer, in the schema of each response rather than only in prose: a
 * generator (a mock made from this document) reads the schema, never the description. The client
 * takes a 2xx as a success only with codigoRespuesta 0 (isSuccessEnvelope), so a success says 0
 * and a failure anything else; meta.scope is the operation's scope, null where it needs none, as
 * the reference server sends it on every answer of the operation.
 */

const SUCCESS_CODIGO: Json = { type: 'integer', enum: [SUCCESS_CODE] };

/**
 * Anything but 0, said as two ranges rather than `not: { enum: [0] }`: json-schema-faker (Prism's
 * `--dynamic`) answers a `not` with a value of any type (null, false, 3.14), which no client reads
 * as the envelope (docs/decisions.md). The example is the reference server's code for the status.
 */
function failureCodigo(example: number | undefined): Json {
  const nonZero = [{ minimum: SUCCESS_CODE + 1 }, { maximum: SUCCESS_CODE - 1 }];
  return { type: 'integer', anyOf: nonZero, ...(example === undefined ? {} : { example }) };
}

/**
 * `meta.scope` as sent: the operation's scope, or null (an operation that needs none, an answer of
 * no operation). The pattern says again what the enum says, for json-schema-faker (Prism's
 * `--dynamic`): it merges `allOf` by uniting the members' enums, the Envelope's every scope with
 * this one, but makes a string from a pattern before it looks at an enum.
 */
function metaOf(scope: Scope | null): Json {
  const sent =
    scope === null
      ? { type: 'string', nullable: true, enum: [null] }
      : { type: 'string', enum: [scope], pattern: `^${scope}$` };
  return { type: 'object', properties: { scope: sent } };
}

/** A success of an operation: the envelope with codigoRespuesta 0, its scope, and its `data`. */
export function successEnvelope(scope: Scope | null, data: Json): Json {
  return {
    allOf: [
      ENVELOPE_REF,
      { type: 'object', properties: { codigoRespuesta: SUCCESS_CODIGO, data, meta: metaOf(scope) } },
    ],
  };
}

/**
 * A failure: the envelope with a codigoRespuesta other than 0 (`code`: the reference server's, as
 * the example), and the scope of the operation refused (null: of none).
 */
export function failureEnvelope(scope: Scope | null, code: number | undefined): Json {
  return {
    allOf: [
      ENVELOPE_REF,
      { type: 'object', properties: { codigoRespuesta: failureCodigo(code), meta: metaOf(scope) } },
    ],
  };
}
