import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';

/**
 * A lingering close, as mature HTTP servers do it (Apache's lingering close, nginx's lingering_close).
 *
 * When the service answers before it has read the whole request body (413 for a body over 1 MiB, or any
 * refusal given before the body arrived) and then closes, the bytes the client is still sending arrive
 * at a closed socket: the kernel answers them with a reset, and a client still writing gets EPIPE or
 * ECONNRESET and may never read the answer waiting in its buffer. So such a connection is only
 * half-closed after the answer: the service's side ends (the client sees the answer, then end of file),
 * and the service keeps reading and discarding what still comes until the request's body is complete,
 * the client closes, or a bound is reached (`LINGER_MS` or `LINGER_BYTES` more), whichever is first.
 * A connection whose request was read whole closes at once, as before.
 */

/** How long a half-closed connection keeps reading at most; generous, so a loaded machine still delivers. */
export const LINGER_MS = 30_000;
/** How many more bytes it reads at most before it closes regardless. */
export const LINGER_BYTES = 64 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

/**
 * Makes every close of `server`'s connections linger while a request's body is unread. The server must
 * answer `checkExpectation` itself (simulator/server.ts does): a listener here would otherwise take
 * away Node's own 417.
 */
export function lingerOnUnreadBodies(server: Server): void {
  const current = new WeakMap<Socket, IncomingMessage>();
  const record = (request: IncomingMessage) => current.set(request.socket, request);
  server.on('request', record);
  // A request with an Expect other than 100-continue comes by this event alone, never by `request`.
  server.on('checkExpectation', record);
  // Over TLS the HTTP layer reads and closes the TLS socket, which `secureConnection` gives.
  server.on(server instanceof TlsServer ? 'secureConnection' : 'connection', (socket: Socket) => {
    // Node's HTTP server closes a connection that will carry no further request with destroySoon()
    // (after `Connection: close`, and when the adapter stops draining a body); this is its only hook.
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      const request = current.get(socket);
      if (request && !request.complete) linger(socket, request);
      else if (!lingering.has(socket)) destroySoon();
    };
  });
}

function linger(socket: Socket, request: IncomingMessage): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  const startedAt = socket.bytesRead;
  const close = () => {
    clearTimeout(timer);
    clearInterval(counter);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  const counter = setInterval(() => {
    if (socket.bytesRead - startedAt > LINGER_BYTES) close();
  }, 100);
  timer.unref();
  counter.unref();
  socket.once('close', close);
  // The client closing its side, or the body's last byte read: nothing more will arrive unread.
  socket.once('end', close);
  request.once('end', close);
  // Whatever still arrives for this request is read and dropped, not left to stall the client.
  request.resume();
  socket.end();
}
