/** A logger whose lines a test reads back, parsed: the same JSON lines a process writes to stdout. */
import { buildLogger, type Logger, type LogLevel } from '../log.ts';

export interface CapturedLogs {
  logger: Logger;
  /** Every line written so far, parsed. */
  lines(): Array<Record<string, unknown>>;
}

export function captureLogs(options: { name?: string; level?: LogLevel } = {}): CapturedLogs {
  const written: string[] = [];
  const logger = buildLogger({ name: options.name ?? 'test', level: options.level ?? 'debug', destination: { write: (line: string) => void written.push(line) } });
  return { logger, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
