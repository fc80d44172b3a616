/**
 * Polls `check` until it returns a truthy value or `timeoutMs` passes (then throws with `what`, and what
 * `context` adds: the output of the processes a test runs, say).
 */
export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 5_000, intervalMs = 50, context: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ''}${context()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
