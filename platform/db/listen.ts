/**
 * LISTEN on PostgreSQL channels from a dedicated connection (not a pool's: it is held for as long as
 * the listening lasts), reconnecting after a lost connection, until `signal` aborts. NOTIFY is not
 * queued for a listener that is away: `onListening` runs after every (re)connect, so the caller can
 * catch up on what it may have missed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Pool } from './pool.ts';

export interface ListenOptions {
  databaseUrl: string;
  channels: string[];
  applicationName: string;
  signal: AbortSignal;
  onNotification(channel: string, payload: string | undefined): void;
  onListening?(): void;
  onError?(error: Error): void;
  retryMs?: number;
}

/** Resolves once `signal` aborts and the connection is closed. */
export async function listenLoop(options: ListenOptions): Promise<void> {
  const { signal } = options;
  while (!signal.aborted) {
    // keepAlive: a connection whose server vanished without closing it (a host gone) ends and is replaced;
    // the connect timeout: a server that does not answer (frozen) is tried again rather than waited on forever.
    const client = new pg.Client({ connectionString: options.databaseUrl, application_name: options.applicationName, keepAlive: true, connectionTimeoutMillis: 10_000 });
    let stop = () => {};
    const closed = new Promise<void>((resolve) => (stop = resolve));
    client.on('error', stop);
    client.on('end', stop);
    signal.addEventListener('abort', stop, { once: true });
    try {
      await client.connect();
      client.on('notification', (message) => options.onNotification(message.channel, message.payload));
      for (const channel of options.channels) await client.query(`LISTEN ${channel}`);
      options.onListening?.();
      await closed;
    } catch (error) {
      if (!signal.aborted) options.onError?.(error as Error);
    } finally {
      signal.removeEventListener('abort', stop);
      await client.end().catch(() => undefined);
    }
    await sleep(options.retryMs ?? 1_000, undefined, { signal }).catch(() => undefined);
  }
}

/** NOTIFY `channel` with `payload` through the pool: every listening connection receives it once. */
export async function sendNotification(pool: Pool, channel: string, payload: string): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
}
