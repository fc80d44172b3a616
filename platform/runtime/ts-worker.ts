/**
 * Starts a worker thread on a TypeScript module. `data` reaches the module as `workerData.data`.
 *
 * The module, and everything it imports (packages included), is bundled by esbuild into one ES module,
 * once per process, written to the system's temporary directory (named by its content's hash), and each
 * worker loads that file. Started the way the rest of the project
 * runs (tsx registered inside the worker, which does not inherit the parent's loader), a worker took
 * 1.0-2.7 s and over a CPU-second to load its ~230 modules through tsx's loader thread before reading a
 * byte: every import paid that, a 3-row file as much as a 150 MB one. From the bundle the same worker
 * answers in 0.23-0.41 s (docs/performance.md, "Fixed cost of an import"). If esbuild cannot bundle (it is
 * missing, or the module graph has something it cannot bundle), the worker starts through tsx as before.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';
import { createLogger } from '../log.ts';

const log = createLogger('worker');
const BOOTSTRAP = new URL('./ts-worker-bootstrap.mjs', import.meta.url);

// Bundled CommonJS packages (yauzl, saxes) require Node's built-in modules, which an ES module has no
// `require` for; esbuild's shim uses the one in scope. Only built-ins are left to require, so its base
// path does not matter.
const REQUIRE_SHIM = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire('/');";

const bundles = new Map<string, Promise<{ contents: Uint8Array; file: string } | null>>();

async function bundle(entry: URL): Promise<{ contents: Uint8Array; file: string } | null> {
  try {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      banner: { js: REQUIRE_SHIM },
      write: false,
      logLevel: 'silent',
    });
    // A file, not a data: URL: a worker kept its data: URL, base64, in five copies (~7 MB of every thread's
    // heap for a 1 MB bundle, seen in a heap snapshot of a range reader), and the source once more.
    const contents = result.outputFiles[0].contents;
    return { contents, file: path.join(os.tmpdir(), `directory-worker-${createHash('sha256').update(contents).digest('hex').slice(0, 16)}.mjs`) };
  } catch (error) {
    log.warn({ entry: entry.href, error: error instanceof Error ? error.message : String(error) }, 'worker bundle failed; starting the worker through tsx');
    return null;
  }
}

/**
 * The module's bundle, built at the first call in this process (null: use tsx), as a file: written again
 * whenever it is missing (a long-running API outlives a temporary directory's clean-up).
 */
export async function workerBundle(entry: URL): Promise<URL | null> {
  let pending = bundles.get(entry.href);
  if (!pending) bundles.set(entry.href, (pending = bundle(entry)));
  const built = await pending;
  if (!built) return null;
  if (!existsSync(built.file)) {
    // Written whole under another name, then renamed: another process may load the same bundle meanwhile.
    const partial = `${built.file}.${process.pid}.${Date.now()}`;
    await writeFile(partial, built.contents);
    await rename(partial, built.file);
  }
  return pathToFileURL(built.file);
}

/** Starts a worker on a loaded module (loadTsWorker). `transferList`: objects in `data` moved to the worker (a MessagePort to talk to another thread). */
export type TsWorkerStarter = (data: unknown, resourceLimits?: ResourceLimits, transferList?: Transferable[]) => Worker;

/**
 * Loads the module (its bundle, built at the first call in this process) and resolves to what starts a
 * worker on it, synchronously. A Worker's messages, 'error' and 'exit' that come before a listener for them
 * are dropped, not queued: a caller that starts several workers loads them all first, then starts each and
 * attaches its listeners with nothing awaited in between. Awaiting a second worker's module while a first
 * one already runs loses what the first posts meanwhile (an import lost its 'opened' message that way while
 * the prepare thread's module was being bundled).
 */
export async function loadTsWorker(entry: URL): Promise<TsWorkerStarter> {
  const bundled = await workerBundle(entry);
  return (data, resourceLimits, transferList) => {
    const options = { workerData: { entry: entry.href, data }, resourceLimits, transferList };
    return bundled ? new Worker(bundled, options) : new Worker(BOOTSTRAP, options);
  };
}

