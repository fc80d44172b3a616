/**
 * The least a Node process between a client and Meilisearch can cost: every request is forwarded as it
 * came (method, path, body, the headers Meilisearch needs) over keep-alive sockets, and the answer's
 * bytes are piped back without being parsed. bench:api runs it as a child (PORT, TARGET) and sends each
 * call's Meilisearch query through it, so the API's uncached figures can be read against what any
 * Node hop adds on the same machine, not only against Meilisearch alone.
 */
import http from 'node:http';

const port = Number(process.env.PORT);
const target = new URL(process.env.TARGET ?? '');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const server = http.createServer((request, response) => {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      agent,
      headers: {
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        ...(request.headers['content-type'] ? { 'content-type': request.headers['content-type'] } : {}),
        ...(request.headers['content-length'] ? { 'content-length': request.headers['content-length'] } : {}),
      },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    response.writeHead(502).end();
  });
  request.pipe(upstream);
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
