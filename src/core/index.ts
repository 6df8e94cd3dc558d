/**
 * The core wing: what every wing shares and none owns (the SDK's base error and its brand, the
 * failure helpers, name checks, header names, canonical JSON, secret masking, shell quoting). It
 * imports nothing of ours (only the platform), so any wing may use it.
 */

export { canonicalJson } from './canonical-json.js';
export { counted } from './counted.js';
export { declareErrorClasses } from './error-brand.js';
export {
  API_KEY_HEADER,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_HEADER_NAME,
  REPLAYED_HEADER_NAME,
} from './headers.js';
export { deeperThan, MAX_PRINTED_DEPTH, printableJson } from './json-depth.js';
export { isObject, type Json } from './json-object.js';
export { type Fail, fail, failingWith, LoyaltyAbortError, LoyaltyError } from './loyalty-error.js';
export { checkNames, nearestName } from './names.js';
export { maskSecret, maskSecretIn, SECRET_FRAGMENT } from './secret-mask.js';
export { shellCommand, shellQuote } from './shell-quote.js';
export { writtenFileProblem } from './written-file.js';
