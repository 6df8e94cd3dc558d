import type { Engine } from '../engine/engine.js';
import type { StateAdmin } from '../state/admin.js';
import type { RequestEntry } from './request-entry.js';
import type { RequestFilter, RequestLog } from './request-log.js';

/** The admin helpers of a reference server: the state's, and the request log. */
export interface ReferenceAdmin extends StateAdmin {
  /** The requests the server answered, newest first (admin and inspector requests are not logged). */
  requests(filter?: RequestFilter): RequestEntry[];
}

/** The engine every adapter serves: the request steps, the admin routes, the inspector and its log. */
export interface ReferenceEngine extends Engine {
  readonly admin: ReferenceAdmin;
  readonly requestLog: RequestLog;
}
