/**
 * The test API in a process of its own, for tests that need limits set on the server's process (for
 * example `ulimit -f`, to make its disk writes fail). Prints one JSON line { url, origin, cookie } once it
 * answers, and shuts down when its standard input ends.
 */
import { configureLogging } from '../../../platform/log.ts';
import { startTestApi } from './api-harness.ts';

// Its standard output is the JSON line below: no request lines before it (as in every test process).
configureLogging({ name: 'api-test', level: 'warn', format: 'json' });

const api = await startTestApi();
const cookie = await api.signIn();
process.stdout.write(`${JSON.stringify({ url: api.url, origin: api.origin, cookie })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void api.close().finally(() => process.exit(0));
});
