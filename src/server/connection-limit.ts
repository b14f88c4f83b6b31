import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { MockResponse } from '../engine/index.js';
import { busy, rawAnswer } from './busy-answers.js';

/** How long a refused connection may stay open for the client to read its 503. */
const REFUSED_LINGER_MS = 1_000;
/** Refused connections still closing, beyond which Node drops new ones unanswered. */
const REFUSING_SLOTS = 256;

export interface ConnectionLimit {
  /** The connection was refused at the cap: Node still parses what it sends, which must not be carried out. */
  isRefused(socket: Socket): boolean;
  /** The answer a refused connection got, the first time its request is asked about (to journal it once); undefined after, or when it was not refused. */
  takeRefusal(socket: Socket): MockResponse | undefined;
}

/**
 * At most `max` open connections. At the cap, a new connection takes the place of the one that has
 * waited longest with no request in progress, which is closed: first among those that never sent a
 * whole request (still sending its headers, or nothing yet), then among idle keep-alive ones. So
 * connections that trickle their headers (slowloris) cannot lock other clients out, even from the
 * same address (on loopback every client shares one); 1,100 of them took all 1,000 places for 10 s.
 * Only when every open connection has a request being read or answered is one more answered `503`
 * (with `Retry-After`) as soon as it is accepted, before anything it sends is read, and closed.
 * Past the cap and the connections still being refused, Node drops new connections at once.
 */
export function limitConnections(server: Server, max: number): ConnectionLimit {
  let open = 0;
  const refused = new WeakSet<Socket>();
  // The answer each refused connection got, until its first request is journaled.
  const unjournaled = new WeakMap<Socket, MockResponse>();
  // Open connections with no request in progress, in the order they began waiting.
  const neverUsed = new Set<Socket>();
  const idle = new Set<Socket>();
  const inProgress = new Map<Socket, number>();
  server.maxConnections = max + REFUSING_SLOTS;
  server.prependListener('connection', (socket: Socket) => {
    if (open >= max) {
      const waiting = first(neverUsed) ?? first(idle);
      if (waiting !== undefined) {
        // Its place is given now: its 'close' comes later and must not count it again.
        if (forget(waiting)) open--;
        waiting.destroy();
      } else {
        refused.add(socket);
        const answer = busy(`The mock has ${max} connections open, each with a request in progress, its limit (--max-connections, maxConnections).`);
        unjournaled.set(socket, answer);
        socket.on('error', () => undefined);
        socket.end(rawAnswer(answer));
        setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
        return;
      }
    }
    open++;
    neverUsed.add(socket);
    socket.once('close', () => {
      if (forget(socket)) open--;
    });
  });
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    if (!inProgress.has(socket) && !neverUsed.has(socket) && !idle.has(socket)) return;
    neverUsed.delete(socket);
    idle.delete(socket);
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (inProgress.get(socket) ?? 0) - 1;
      if (!inProgress.has(socket)) return;
      if (left > 0) inProgress.set(socket, left);
      else {
        inProgress.delete(socket);
        if (!socket.destroyed) idle.add(socket);
      }
    });
  });
  /** Stops counting `socket`; whether it was counted. */
  function forget(socket: Socket): boolean {
    return neverUsed.delete(socket) || idle.delete(socket) || inProgress.delete(socket);
  }
  return {
    isRefused: socket => refused.has(socket),
    takeRefusal(socket) {
      const answer = unjournaled.get(socket);
      unjournaled.delete(socket);
      return answer;
    },
  };
}

function first<T>(set: Set<T>): T | undefined {
  for (const item of set) return item;
  return undefined;
}
