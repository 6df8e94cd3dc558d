import { join } from 'node:path';
import { bundleWithSdk, type SdkBundle } from '../support/sdk-bundle.js';

const PAGE_APP = join(import.meta.dirname, 'page-app.ts');

export type PageBundle = SdkBundle;

/** page-app.ts bundled for the browser as a web developer's bundler would (see bundleWithSdk). */
export function bundlePage(): Promise<PageBundle> {
  return bundleWithSdk({ entryPoints: [PAGE_APP], platform: 'browser' });
}
