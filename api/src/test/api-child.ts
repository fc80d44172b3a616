/**
 * The test API in a process of its own, for tests that need limits set on the server's process (for
 * example `ulimit -f`, to make its disk writes fail). Prints one JSON line { url, origin, cookie } once it
 * answers, and shuts down when its standard input ends.
 */
import { startTestApi } from './api-harness.ts';

const api = await startTestApi();
const cookie = await api.signIn();
process.stdout.write(`${JSON.stringify({ url: api.url, origin: api.origin, cookie })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void api.close().finally(() => process.exit(0));
});
