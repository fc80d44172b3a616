import net from 'node:net';
import { SetupError } from './setup-error.ts';

/** Fails with one clear line when something already listens on the port. */
export async function assertPortFree(port: number, what: string, hint: string, host = '127.0.0.1'): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new SetupError(`Port ${port} is already in use, so ${what} cannot start there. ${hint}`));
      else if (error.code === 'EACCES') reject(new SetupError(`Port ${port} needs privileges this user does not have (${what}). ${hint}`));
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}

/** A port the OS says is free now (for tests, which run many servers side by side). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
