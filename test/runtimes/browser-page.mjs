// @ts-check
// The matrix's entry in a browser page (Chromium, driven by puppeteer-core): the packed package
// as a web developer's bundler resolves it, and the case a browser runs in the matrix, the
// redirect. What else a page may do is test/browser's (guard.test.ts).
import * as sdk from 'loyalty-sdk';
import { redirect } from './scenario.js';

/** The SDK as a page that has chosen to hold the key uses it. */
class PageClient extends sdk.LoyaltyClient {
  /** @param {ConstructorParameters<typeof sdk.LoyaltyClient>[0]} options */
  constructor(options) {
    super({ ...options, dangerouslyAllowBrowser: true });
  }
}

/** @param {import('./scenario.js').ScenarioConfig} config */
const matrixCases = async (config) => [await redirect({ ...sdk, LoyaltyClient: PageClient }, config)];

Object.assign(globalThis, { matrixCases });
