/**
 * The core wing: what every wing shares and none owns. It imports nothing of ours (only the
 * platform), so any wing may use it.
 */

export { canonicalJson } from './canonical-json.js';
export { counted } from './counted.js';
export { deeperThan, MAX_PRINTED_DEPTH, printableJson } from './json-depth.js';
export { maskSecret, maskSecretIn, SECRET_FRAGMENT } from './secret-mask.js';
