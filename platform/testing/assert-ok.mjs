/**
 * Loaded into every test process (execArgv in vitest.config.ts). A failing `assert.ok(value)` without a message makes
 * Node write one by re-reading the test's source at the call site and parsing it with acorn
 * (internal/assert/utils, getErrMessage). Under tsx that call site's line and column are the transpiled
 * code's, not the file's, and on some files the parse retries for minutes: the failing test then hung until
 * the runner's 5-minute timeout and was reported only as "cancelled", with no message. Here such a call
 * gets a message of its own, the source-mapped place of the call, and fails at once. Plain JavaScript:
 * the flag reaches worker threads too, which load it before any TypeScript loader.
 */
import assert from 'node:assert';
import strict from 'node:assert/strict';

const ok = assert.ok;

function okWithPlace(...args) {
  if (args.length >= 1 && !args[0] && args[1] == null) {
    const place = new Error().stack?.split('\n')[2]?.trim().replace(/^at /, '') ?? 'unknown place';
    return ok.call(this, args[0], `The expression evaluated to a falsy value (${String(args[0])}) at ${place}`);
  }
  return ok.apply(this, args);
}

for (const target of [assert, strict]) target.ok = okWithPlace;
