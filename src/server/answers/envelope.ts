import { SUCCESS_MESSAGE } from '../../operations/envelope.js';
import type { Scope } from '../../operations/scopes.js';
import { ApiFailureError, internalError } from './failures.js';
import type { EngineResponse } from './response.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** `meta` of every envelope. `appId` is 0 when no key was recognised (unknown route, 401). */
export interface BaseMeta {
  requestId: string;
  appId: number;
  scope: Scope | null;
}

const SUCCESS_HEAD = `{"codigoRespuesta":0,"msj":${JSON.stringify(SUCCESS_MESSAGE)},"data":`;

/** The success envelope around `data` already serialized (`dataJson`). */
export function successResponseOfJson(dataJson: string, meta: BaseMeta): EngineResponse {
  return {
    status: 200,
    headers: { 'content-type': JSON_TYPE, 'x-request-id': meta.requestId },
    body: `${SUCCESS_HEAD}${dataJson},"meta":${JSON.stringify(meta)}}`,
  };
}

/** The success envelope; a success always carries `data` (null when a handler returned nothing). */
export function successResponse(data: unknown, meta: BaseMeta): EngineResponse {
  return successResponseOfJson(JSON.stringify(data ?? null), meta);
}

export function failureResponse(failure: ApiFailureError, meta: BaseMeta): EngineResponse {
  const { details, meta: extraMeta, headers } = failure.extra;
  const envelope = {
    codigoRespuesta: failure.codigo,
    msj: failure.msj,
    meta: extraMeta ? { ...meta, ...extraMeta } : meta,
    ...(details ? { details } : {}),
  };
  return {
    status: failure.status,
    headers: { 'content-type': JSON_TYPE, 'x-request-id': meta.requestId, ...headers },
    body: JSON.stringify(envelope),
  };
}

export function textResponse(text: string, requestId: string): EngineResponse {
  return { status: 200, headers: { 'content-type': TEXT_TYPE, 'x-request-id': requestId }, body: text };
}

/** The envelope of a failure; anything but an ApiFailureError is an unexpected fault, a 500. */
export function failureOf(error: unknown, meta: BaseMeta): EngineResponse {
  return failureResponse(error instanceof ApiFailureError ? error : internalError(), meta);
}
