/**
 * The one place that reads process.env. Every process (start, api, indexer, CLIs) parses its
 * settings here with zod and stops at boot with a message naming the bad variable.
 */
import path from 'node:path';
import { z } from 'zod';
import { writeLineNow } from './log.ts';

/**
 * Meilisearch's indexing memory limit. Its default, two thirds of the machine's RAM, makes every
 * indexing task, even a one-document update, start by zero-filling a buffer of 5% of that limit
 * (~800 MB on a 24 GiB machine): single updates took 0.2-3.5 s at 1,000,000 documents (p95 2.7 s).
 * With 1 GiB the buffer is ~51 MB and the same updates take p50 94 ms / p95 0.34-0.46 s; a full
 * build of 1,000,000 documents was no slower (194 s vs 201 s) and peaked at 3.8 GB instead of 6.1 GB
 * (docs/performance.md, Indexer). Used by the embedded Meilisearch (platform/runtime/embedded-meilisearch.ts).
 */
export const DEFAULT_MAX_INDEXING_MEMORY = '1GiB';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const PORT_MESSAGE = 'must be a port number (1-65535)';
const port = z.coerce.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(1, PORT_MESSAGE).max(65535, PORT_MESSAGE);

/** A listener that can be switched off: a port, or 0 / off for none. */
const optionalPort = z
  .string()
  .regex(/^(off|\d{1,5})$/, 'must be a port number (1-65535), or 0 or off for none')
  .transform((value) => (value === 'off' ? 0 : Number(value)))
  .refine((value) => value <= 65535, 'must be a port number (1-65535), or 0 or off for none');

/**
 * DATABASE_POOL_SIZE's bounds. Below 4 an indexer rebuild (a cursor held for minutes) beside its drain,
 * recounts and state writes, or an import's writers beside the API's requests, would wait on each
 * other; a pool above 100 is more than a default PostgreSQL accepts in all.
 */
export const DATABASE_POOL_SIZE_RANGE = { min: 4, max: 100 } as const;
const POOL_SIZE_MESSAGE = `must be a whole number of connections from ${DATABASE_POOL_SIZE_RANGE.min} to ${DATABASE_POOL_SIZE_RANGE.max}`;

const poolSize = z
  .string()
  .regex(/^\d{1,4}$/, POOL_SIZE_MESSAGE)
  .transform(Number)
  .refine((value) => value >= DATABASE_POOL_SIZE_RANGE.min && value <= DATABASE_POOL_SIZE_RANGE.max, POOL_SIZE_MESSAGE);

const READER_THREADS_MESSAGE = 'must be a whole number of threads from 0 to 16';
const readerThreads = z.string().regex(/^\d{1,2}$/, READER_THREADS_MESSAGE).transform(Number).refine((value) => value <= 16, READER_THREADS_MESSAGE);

const postgresUrl = z
  .string()
  .url('must be a URL such as postgresql://user:password@host:5432/directory')
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://');

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: port.default(3000),
    PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    /** json or pretty; unset: pretty when NODE_ENV=development is set or stdout is a terminal (platform/log.ts). */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    /** The metrics listeners (platform/metrics.ts): loopback by default, so not public. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** The API's Prometheus endpoint; 0 or off: none. */
    METRICS_PORT: optionalPort.default(9464),
    /** The indexer's Prometheus endpoint; 0 or off: none. */
    INDEXER_METRICS_PORT: optionalPort.default(9465),
    TRUST_PROXY: booleanFlag.default(false),

    DATABASE_URL: postgresUrl.optional(),
    /**
     * Connections of each PostgreSQL pool of a process: the API's two (node-postgres and Prisma), the active
     * indexer's one. Unset: 10 each for the API, 6 for the indexer (docs/deploying.md, Connection budget).
     */
    DATABASE_POOL_SIZE: poolSize.optional(),
    /**
     * Threads that read a CSV of 4 MB or more beside an import's parse worker, a range of the file each
     * (csv-ranges.ts; from 2; 1 is one prepare thread), each ~60 MB of memory more. Unset: one prepare
     * thread on 4 cores or more, none below (parsed-batches.ts says why).
     */
    IMPORT_READER_THREADS: readerThreads.optional(),
    EMBEDDED_PG_PORT: port.default(54329),

    MEILI_URL: httpUrl.optional(),
    MEILI_MASTER_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    MEILI_INDEX_PREFIX: z
      .string()
      .regex(/^[a-zA-Z0-9_-]*$/, 'may hold only letters, digits, - and _')
      .max(40)
      .default('directory_'),
    EMBEDDED_MEILI_PORT: port.default(7700),
    /** The embedded Meilisearch's indexing memory limit (platform/runtime/embedded-meilisearch.ts). */
    MEILI_MAX_INDEXING_MEMORY: z
      .string()
      .regex(/^\d+(\.\d+)?\s?(B|KB|KiB|MB|MiB|GB|GiB|TB|TiB)$/, 'must be a size such as 1GiB or 512MiB')
      .default(DEFAULT_MAX_INDEXING_MEMORY),

    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_USERNAME: z
      .string()
      .regex(/^[a-zA-Z0-9_.@-]{3,64}$/, 'must be 3-64 letters, digits or _ . @ -')
      .default('admin'),
    ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(200).optional(),
    ALLOWED_ORIGINS: z.string().optional(),

    DEMO_DATA: booleanFlag.default(true),
    DEMO_COUNT: z.coerce.number().int().min(0).max(5_000_000).default(5000),
    /** The API's in-process cache of public GET answers (api/src/services/public/response-cache.ts); off only to measure or debug. */
    PUBLIC_RESPONSE_CACHE: booleanFlag.default(true),

    INDEXER_CRON: z.string().min(9).default('17 3 * * *'),
    INDEXER_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(5000),
    INDEXER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  })
  .superRefine((env, ctx) => {
    if (env.MEILI_URL && !env.MEILI_MASTER_KEY) {
      ctx.addIssue({ code: 'custom', path: ['MEILI_MASTER_KEY'], message: 'is required when MEILI_URL is set' });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    for (const problem of findUnworkableSettings(env)) ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
  });

/**
 * Combinations each value of which is valid but which together cannot work, where the product would
 * otherwise start and misbehave quietly (an admin sign-in answering "Login successful" with no cookie,
 * every admin write refused as cross-origin, search calls sent to the wrong address). Refused at start-up,
 * naming the variable and the fix.
 */
function findUnworkableSettings(env: {
  PUBLIC_URL?: string; TRUST_PROXY: boolean; ALLOWED_ORIGINS?: string; MEILI_URL?: string; DATABASE_URL?: string;
  PORT: number; EMBEDDED_PG_PORT: number; EMBEDDED_MEILI_PORT: number; METRICS_PORT: number;
}): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  // A malformed URL has its own problem already (the schema's): nothing more is said of it here.
  const publicUrl = env.PUBLIC_URL ? parsedUrl(env.PUBLIC_URL) : null;
  if (publicUrl && publicUrl.protocol === 'https:' && !env.TRUST_PROXY) {
    // The session cookie is Secure then, and Express only sees https through a trusted proxy: without it
    // every sign-in would answer 200 and set no cookie (the app serves plain http; TLS is the proxy's).
    problems.push({ variable: 'PUBLIC_URL', message: 'is https but TRUST_PROXY is not true: set TRUST_PROXY=true behind the TLS-terminating proxy (admin sign-in cannot set its Secure cookie otherwise), or use an http:// PUBLIC_URL' });
  }
  if (publicUrl && (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash)) {
    problems.push({ variable: 'PUBLIC_URL', message: `must be an origin without a path, query or fragment (the site is served from the root): ${publicUrl.origin}` });
  }
  const meili = env.MEILI_URL ? parsedUrl(env.MEILI_URL) : null;
  if (meili) {
    // The client resolves its calls against the host, so a path would be dropped, not prefixed.
    if (meili.pathname !== '/' || meili.search || meili.hash) problems.push({ variable: 'MEILI_URL', message: `must be Meilisearch's address without a path, query or fragment, such as ${meili.origin}` });
  }
  if (env.ALLOWED_ORIGINS) {
    const origins = env.ALLOWED_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean);
    const malformed = origins.filter((origin) => !isOrigin(origin));
    if (malformed.length) {
      problems.push({ variable: 'ALLOWED_ORIGINS', message: `must list origins such as https://directory.example (scheme, host and port only), not ${malformed.join(', ')}` });
    } else {
      const own = (publicUrl ?? new URL(`http://localhost:${env.PORT}`)).origin;
      if (!origins.some((origin) => new URL(origin).origin === own)) {
        problems.push({ variable: 'ALLOWED_ORIGINS', message: `does not include the site's own origin ${own} (PUBLIC_URL): every admin write from the site's own pages would be refused` });
      }
    }
  }
  // The API listens on both in one process: the metrics listener would find its port taken, and the API
  // would run without metrics (a warning was all).
  if (env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) problems.push({ variable: 'METRICS_PORT', message: `is the same port as PORT (${env.PORT}): the API's metrics need a port of their own (or 0 for none)` });
  if (!env.DATABASE_URL && env.EMBEDDED_PG_PORT === env.PORT) problems.push({ variable: 'EMBEDDED_PG_PORT', message: `is the same port as PORT (${env.PORT}): the embedded PostgreSQL and the site cannot both listen on it` });
  if (!env.MEILI_URL && env.EMBEDDED_MEILI_PORT === env.PORT) problems.push({ variable: 'EMBEDDED_MEILI_PORT', message: `is the same port as PORT (${env.PORT}): the embedded Meilisearch and the site cannot both listen on it` });
  if (!env.DATABASE_URL && !env.MEILI_URL && env.EMBEDDED_PG_PORT === env.EMBEDDED_MEILI_PORT) {
    problems.push({ variable: 'EMBEDDED_MEILI_PORT', message: `is the same port as EMBEDDED_PG_PORT (${env.EMBEDDED_PG_PORT}): the embedded servers cannot both listen on it` });
  }
  return problems;
}

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** 'auto': pretty when stdout is a terminal (platform/log.ts). */
  logFormat: 'json' | 'pretty' | 'auto';
  metricsHost: string;
  /** 0: no metrics endpoint. */
  metricsPort: number;
  indexerMetricsPort: number;
  trustProxy: boolean;
  databaseUrl?: string;
  /** DATABASE_POOL_SIZE: each pool's size; unset, each process's own default (API 10 per pool, indexer 6). */
  databasePoolSize?: number;
  /** IMPORT_READER_THREADS: threads reading a large CSV's ranges; unset, prepareThreadsFor's choice. */
  importReaderThreads?: number;
  embeddedPgPort: number;
  meiliUrl?: string;
  meiliMasterKey?: string;
  meiliIndexPrefix: string;
  embeddedMeiliPort: number;
  meiliMaxIndexingMemory: string;
  sessionSecret?: string;
  adminUsername: string;
  adminPassword?: string;
  allowedOrigins: string[];
  demoData: boolean;
  demoCount: number;
  publicResponseCache: boolean;
  indexerCron: string;
  indexerBatchSize: number;
  indexerPollMs: number;
}

/** A refused environment: one line naming every bad variable (`Invalid configuration: PORT must be ...; ...`). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * zod's own texts ("Invalid option: expected one of \"debug\"|\"info\"...", "expected number, received NaN")
 * said as a setting's problem; the schema's own messages (custom ones) are kept as written.
 */
function describeIssue(issue: z.core.$ZodIssue): string {
  // The schema's own words begin otherwise ("must ...", "is required ..."); zod's begin so.
  if (!/^(Invalid|Too (small|big))/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? 'must be a whole number' : issue.message;
    case 'too_small':
      return issue.origin === 'string' ? `must be at least ${issue.minimum} characters` : issue.origin === 'number' ? `must be at least ${issue.minimum}` : issue.message;
    case 'too_big':
      return issue.origin === 'string' ? `must be at most ${issue.maximum} characters` : issue.origin === 'number' ? `must be at most ${issue.maximum}` : issue.message;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be a URL such as http://host:port' : issue.message;
    default:
      return issue.message;
  }
}

/** Parses settings from an environment object; throws ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`FOO=` in .env) means "not set", not "set to the empty string".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    // One problem per variable: the first says what is wrong (a non-URL DATABASE_URL need not also be told its scheme).
    const byVariable = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const variable = issue.path.join('.') || 'environment';
      if (!byVariable.has(variable)) byVariable.set(variable, `${variable} ${describeIssue(issue)}`);
    }
    throw new ConfigError([...byVariable.values()]);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const allowedOrigins = env.ALLOWED_ORIGINS
    ? env.ALLOWED_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean)
    : [new URL(publicUrl).origin, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    // NODE_ENV defaults to development, so only an explicit one asks for pretty lines: a deploy that forgot
    // NODE_ENV must not feed its log collector colour codes.
    logFormat: env.LOG_FORMAT ?? (cleaned.NODE_ENV === 'development' ? 'pretty' : 'auto'),
    metricsHost: env.METRICS_HOST,
    metricsPort: env.METRICS_PORT,
    indexerMetricsPort: env.INDEXER_METRICS_PORT,
    trustProxy: env.TRUST_PROXY,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    importReaderThreads: env.IMPORT_READER_THREADS,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    meiliUrl: env.MEILI_URL,
    meiliMasterKey: env.MEILI_MASTER_KEY,
    meiliIndexPrefix: env.MEILI_INDEX_PREFIX,
    embeddedMeiliPort: env.EMBEDDED_MEILI_PORT,
    meiliMaxIndexingMemory: env.MEILI_MAX_INDEXING_MEMORY,
    sessionSecret: env.SESSION_SECRET,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    allowedOrigins: [...new Set(allowedOrigins)],
    demoData: env.DEMO_DATA,
    demoCount: env.DEMO_COUNT,
    publicResponseCache: env.PUBLIC_RESPONSE_CACHE,
    indexerCron: env.INDEXER_CRON,
    indexerBatchSize: env.INDEXER_BATCH_SIZE,
    indexerPollMs: env.INDEXER_POLL_MS,
  };
}

/**
 * For a process entry point: parse, or say the problems in one line and exit with status 1. A process
 * that logs (`name`: start, api, indexer) says it as its log would: a JSON line on stdout when its lines
 * would be JSON (LOG_FORMAT=json, or no terminal: platform/log.ts), so a collector reading that output
 * finds one parsable line, not a stray text. A command-line tool (no name) says it on stderr.
 */
export function loadConfigOrExit(source: NodeJS.ProcessEnv = process.env, options: { name?: string } = {}): Config {
  try {
    return loadConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) {
      if (options.name) writeLineNow({ name: options.name, level: 'error', msg: error.message, fields: { scope: 'config', problems: error.problems }, source });
      else console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
