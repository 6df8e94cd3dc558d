/// <reference path="./page-module.d.ts" />
import type { EngineResponse } from '../answers/response.js';
import page from './page/inspector.html';

/** Where the reference server serves its inspector page. */
export const INSPECTOR_PATH = '/__inspector';

/** What the page may load and reach: its own inline style and script, and its own origin. */
const PAGE_POLICY =
  "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:";

/**
 * The inspector: one self-contained page (its style and script inline, no CDN: it works offline),
 * bundled into the package as text. It reads the admin routes of the same origin. Its policy is a
 * header, not a `<meta>`, so that the adapters can add `frame-ancestors` to it (framing.ts).
 */
export function inspectorPage(): EngineResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': PAGE_POLICY,
    },
    body: page,
  };
}
