/** Something the command needs besides the service (Redis) did not answer: exit 7, as the service's silence. */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}
