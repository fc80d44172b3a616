/**
 * Loaded in every test file (vitest setupFiles): the processes' loggers write warnings and errors
 * only, so a test file's output is not one line per request. A test that reads log lines builds its
 * own logger (capture-logs.ts).
 */
import { configureLogging } from '../log.ts';

configureLogging({ name: 'test', level: 'warn', format: 'json' });
