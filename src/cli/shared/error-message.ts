import { AUTHENTICATION_HINT, AuthenticationError } from '../../client/errors.js';
import { KEY_SOURCES } from './api-key.js';

const CLI_KEY_HINT = `. Check the API key (${KEY_SOURCES}).`;

/** An error's message as the command prints it: a 401 names the command line's ways to give the key. */
export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof AuthenticationError)) return message;
  const hinted = message.endsWith(AUTHENTICATION_HINT);
  return `${hinted ? message.slice(0, -AUTHENTICATION_HINT.length) : message}${CLI_KEY_HINT}`;
}
