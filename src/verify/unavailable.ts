import { entryUnavailable } from '../runtime.js';

// `loyalty-sdk/verify` for bundles that target Workers or a browser (package.json exports).
throw entryUnavailable('loyalty-sdk/verify');
