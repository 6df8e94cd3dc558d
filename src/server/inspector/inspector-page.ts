/// <reference path="./page-module.d.ts" />
import type { EngineResponse } from '../answers/response.js';
import page from './page/inspector.html';

/** Where the reference server serves its inspector page. */
export const INSPECTOR_PATH = '/__inspector';

/**
 * The inspector: one self-contained page (its style and script inline, no CDN: it works offline),
 * bundled into the package as text. It reads the admin routes of the same origin.
 */
export function inspectorPage(): EngineResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body: page,
  };
}
