import { entryUnavailable } from '../../runtime.js';

// `loyalty-sdk/server` for bundles that target Workers or a browser (package.json exports).
throw entryUnavailable('loyalty-sdk/server');
