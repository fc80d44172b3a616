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

/** Every logger handed out, so a level set later (a bench quieting the API) reaches them all. */
const scoped = new Set<Logger>();

/** The format configureLogging() chose: JSON until then. */
let processFormat: 'json' | 'pretty' = 'json';

/** Whether this process's lines are for a person (pino-pretty), so a banner may stand beside them; else JSON lines only. */
export function logsArePretty(): boolean {
  return processFormat === 'pretty';
}

function resolveFormat(format: LogFormat | undefined): 'json' | 'pretty' {
  return format === 'auto' || format === undefined ? (process.stdout.isTTY ? 'pretty' : 'json') : format;
}

/**
 * The format a process's lines take, read from the raw environment, for a line written before its
 * settings are parsed (or when they were refused): LOG_FORMAT when valid, pretty for an explicit
 * NODE_ENV=development, else by the terminal, as configureLogging() resolves config.logFormat.
 */
export function logFormatFromEnvironment(source: NodeJS.ProcessEnv = process.env): 'json' | 'pretty' {
  if (source.LOG_FORMAT === 'json' || source.LOG_FORMAT === 'pretty') return source.LOG_FORMAT;
  return resolveFormat(source.NODE_ENV === 'development' ? 'pretty' : 'auto');
}

/**
 * One line said at once, in the log's shape, by a process that has no logger yet or exits next (a refused
 * configuration, the pre-start build): a JSON line on stdout like pino's, or for a person the message
 * alone (an error on stderr).
 */
export function writeLineNow(line: { name: string; level: 'info' | 'error'; msg: string; fields?: Record<string, unknown>; source?: NodeJS.ProcessEnv }): void {
  if (logFormatFromEnvironment(line.source) === 'pretty') {
    (line.level === 'error' ? process.stderr : process.stdout).write(`${line.msg}\n`);
    return;
  }
  process.stdout.write(`${JSON.stringify({ level: line.level, time: new Date().toISOString(), pid: process.pid, name: line.name, ...line.fields, msg: line.msg })}\n`);
}

/** How a line becomes text and where it goes: options.format resolved. */
function createSink(format: LogFormat | undefined): DestinationStream {
  return resolveFormat(format) === 'pretty'
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
    : bufferedStdout();
}

const LOGGER_OPTIONS = {
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
};

/** A logger of its own (a test's, with `destination`): `name` and `pid` in every line, ISO times, level names. */
export function buildLogger(options: LoggingOptions): Logger {
  return pino({ ...LOGGER_OPTIONS, level: options.level ?? 'info', base: { name: options.name, pid: process.pid } }, options.destination ?? createSink(options.format));
}

/**
 * The process's root. Modules take their loggers when they load, before the entry point has read its
 * config, so the root is made at once and configureLogging() changes what it points at: the name (a
 * mixin, read per line), the sink (behind `forward`) and the level of every logger handed out. Until
 * then: JSON on stdout at info, as `directory`.
 */
let processName = 'directory';
let sink: DestinationStream | null = null;
const forward: DestinationStream = { write: (line: string) => void (sink ??= bufferedStdout()).write(line) };
const root: Logger = pino({ ...LOGGER_OPTIONS, level: 'info', base: { pid: process.pid }, mixin: () => ({ name: processName }) }, forward);

/** Names the process in every line, chooses the format and sets the level; call once, first thing. */
export function configureLogging(options: Omit<LoggingOptions, 'destination'>): Logger {
  processName = options.name;
  processFormat = resolveFormat(options.format);
  sink = createSink(options.format);
  setLogLevel(options.level ?? 'info');
  return root;
}

/** A logger for one part of the process: its lines carry `scope`. */
export function createLogger(scope: string): Logger {
  const logger = root.child({ scope });
  scoped.add(logger);
  return logger;
}

/** Changes the level of the root and of every logger handed out so far. */
export function setLogLevel(level: LogLevel): void {
  root.level = level;
  for (const logger of scoped) logger.level = level;
}

/** Lines wait in memory for at most this long (or until 3 KB gather) before one write takes them all. */
const FLUSH_EVERY_MS = 200;

/**
 * stdout for JSON lines (one per process), written in batches rather than a write per line: a busy API
 * logs thousands of lines a second. pino writes what is left synchronously on exit (also after an
 * uncaught exception); a SIGKILL loses at most the last 200 ms.
 */
let jsonStdout: DestinationStream | null = null;

function bufferedStdout(): DestinationStream {
  if (jsonStdout) return jsonStdout;
  // At most 4 KB a write, whole lines: a pipe shared with other processes (`npm start`'s children) takes
  // writes up to PIPE_BUF without interleaving, so no line is cut by another process's.
  // A reader that stops reading (a stuck collector) must not grow the process without bound: past 16 MB
  // waiting, new lines are dropped.
  const stream = pino.destination({ dest: 1, sync: false, minLength: 3072, maxWrite: 4096, maxLength: 16 * 1024 * 1024 });
  let hasPending = false;
  setInterval(() => {
    if (!hasPending) return;
    hasPending = false;
    stream.flush();
  }, FLUSH_EVERY_MS).unref();
  jsonStdout = {
    write(line: string) {
      hasPending = true;
      stream.write(line);
    },
  };
  return jsonStdout;
}
