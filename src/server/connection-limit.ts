import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { busy, rawAnswer } from './busy-answers.js';

/** How long a refused connection may stay open for the client to read its 503. */
const REFUSED_LINGER_MS = 1_000;
/** Refused connections still closing, beyond which Node drops new ones unanswered. */
const REFUSING_SLOTS = 256;

export interface ConnectionLimit {
  /** The connection was refused at the cap: Node still parses what it sends, which must not be carried out. */
  isRefused(socket: Socket): boolean;
}

/**
 * At most `max` open connections: one more is answered `503` (with `Retry-After`) as soon as it is
 * accepted, before anything it sends is read, and closed. Past the cap and the connections still
 * being refused, Node drops new connections at once.
 */
export function limitConnections(server: Server, max: number): ConnectionLimit {
  let open = 0;
  const refused = new WeakSet<Socket>();
  server.maxConnections = max + REFUSING_SLOTS;
  server.prependListener('connection', (socket: Socket) => {
    if (open >= max) {
      refused.add(socket);
      socket.on('error', () => undefined);
      socket.end(rawAnswer(busy(`The mock has ${max} connections open, its limit (--max-connections, maxConnections).`)));
      setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
      return;
    }
    open++;
    socket.once('close', () => open--);
  });
  return { isRefused: socket => refused.has(socket) };
}
