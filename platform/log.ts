/**
 * Logging for every process: pino, one JSON object a line on stdout (what a log collector reads), or
 * pino-pretty's readable lines for a person at a terminal. Each process calls configureLogging() once,
 * first thing after loading its config; its modules then take a child per scope with createLogger(scope)
 * and log in pino's shape: `log.info({ key: value }, 'message')`.
 *
 * The format: LOG_FORMAT=json|pretty when set; else pretty when NODE_ENV=development was set explicitly
 * or stdout is a terminal, JSON otherwise (docs/decisions.md, "observability"). `npm start`'s children
 * inherit its stdout, so they are pretty at a terminal and JSON under systemd, Docker or a pipe.
 */
import { pino, type DestinationStream, type Level as PinoLevel, type Logger as PinoLogger } from 'pino';
import pinoPretty from 'pino-pretty';

export type Logger = PinoLogger;
export type LogLevel = Extract<PinoLevel, 'debug' | 'info' | 'warn' | 'error'>;
/** 'auto': pretty when stdout is a terminal. */
export type LogFormat = 'json' | 'pretty' | 'auto';

export interface LoggingOptions {
  /** The process's name in every line (`api`, `indexer`, `start`, `import`, ...). */
  name: string;
  level?: LogLevel;
  format?: LogFormat;
  /** Where lines go instead of stdout (tests). */
  destination?: DestinationStream;
}

let root: Logger | null = null;
/** Every logger handed out, so a level set later (a bench quieting the API) reaches them all. */
const scoped = new Set<Logger>();

/** Builds a root logger: `name` and `pid` in every line, ISO times, level names rather than numbers. */
export function buildLogger(options: LoggingOptions): Logger {
  const format = options.format === 'auto' || options.format === undefined ? (process.stdout.isTTY ? 'pretty' : 'json') : options.format;
  const destination =
    options.destination ??
    (format === 'pretty'
      ? // A synchronous stream in this thread, not a worker transport: a line is on the terminal before the
        // next statement runs, and a crash cannot lose the last lines in a worker's buffer.
        pinoPretty({
          sync: true,
          destination: 1,
          colorize: Boolean(process.stdout.isTTY),
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname,scope',
          messageFormat: '[{scope}] {msg}',
          singleLine: true,
        })
      : bufferedStdout());
  return pino(
    {
      level: options.level ?? 'info',
      base: { name: options.name, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** Lines wait in memory for at most this long (or until 4 KB gather) before one write takes them all. */
const FLUSH_EVERY_MS = 200;

/**
 * stdout for JSON lines, written in batches: a line per request written on its own cost the API ~20 µs
 * of CPU each (a pipe write per line; docs/performance.md), a 4 KB batch a fraction of that. pino writes
 * what is left synchronously on exit (also after an uncaught exception); a SIGKILL loses at most the last
 * 200 ms.
 */
function bufferedStdout(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let hasPending = false;
  setInterval(() => {
    if (!hasPending) return;
    hasPending = false;
    stream.flush();
  }, FLUSH_EVERY_MS).unref();
  return {
    write(line: string) {
      hasPending = true;
      stream.write(line);
    },
  };
}

/** Sets the process's root logger; call once, before createLogger. Returns it. */
export function configureLogging(options: LoggingOptions): Logger {
  root = buildLogger(options);
  return root;
}

/** A logger for one part of the process: its lines carry `scope`. */
export function createLogger(scope: string): Logger {
  // A process that never configured logging (a test file, a bench) logs JSON at info as "directory".
  root ??= buildLogger({ name: 'directory', format: 'json' });
  const logger = root.child({ scope });
  scoped.add(logger);
  return logger;
}

/** Changes the level of the root and of every logger handed out so far. */
export function setLogLevel(level: LogLevel): void {
  root ??= buildLogger({ name: 'directory', format: 'json', level });
  root.level = level;
  for (const logger of scoped) logger.level = level;
}

