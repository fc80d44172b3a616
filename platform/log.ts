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
      : // Asynchronous: while one write is under way the next lines gather and go out together, so a busy
        // API makes a write per batch of lines, not per request; pino flushes what is left on exit.
        pino.destination({ dest: 1, sync: false, minLength: 0 }));
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

