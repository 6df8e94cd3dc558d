import { entryUnavailable } from '../runtime.js';

// `loyalty-sdk/verify` for bundles that target Workers or a browser (package.json exports).
throw entryUnavailable(
  'loyalty-sdk/verify',
  "verify measures a service from an operator's machine or a CI job; run it on one of those",
);
