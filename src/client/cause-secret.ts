import { withoutSecret } from './answer-text.js';

/** How deep a chain of causes is followed; a transport nests two or three. */
const MAX_DEPTH = 4;

/**
 * Masks `secret` (and any piece of it a parser split off) in the string fields of a transport's error and its causes, in
 * place: the error stays the cause of the SDK's, as it was thrown, but a parse error keeps the
 * bytes the server sent (undici's `data`), and a server may echo the request's `apikey` there.
 */
export function scrubSecretFromCause(error: unknown, secret: string, depth = 0): void {
  if (secret === '' || depth >= MAX_DEPTH || typeof error !== 'object' || error === null) return;
  for (const name of Object.getOwnPropertyNames(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, name);
    if (typeof descriptor?.value !== 'string' || !descriptor.writable) continue;
    const masked = withoutSecret(descriptor.value, secret);
    if (masked !== descriptor.value) Object.defineProperty(error, name, { ...descriptor, value: masked });
  }
  scrubSecretFromCause((error as { cause?: unknown }).cause, secret, depth + 1);
}
