/** A start-up problem the user can fix; printed as one clear line, without a stack trace. */
export class SetupError extends Error {
  override name = 'SetupError';
}
