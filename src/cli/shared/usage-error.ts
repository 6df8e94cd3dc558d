/** A mistake in the command line: reported with the usage hint, exit status 2 (nothing sent). */
export class UsageError extends Error {
  override name = 'UsageError';
}
