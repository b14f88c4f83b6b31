import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
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

/** What the connection lines know of a connection's requests: whether one arrived, and which connections wait for their next. */
export interface ConnectionUse {
  hasJoined(socket: Duplex): boolean;
  /** Open connections with every request answered, in the order they became so. */
  readonly idle: ReadonlySet<Duplex>;
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
 * Which requests are in progress is read from `use` (the connection lines, which every request
 * joins and leaves anyway) only when a connection arrives at the cap: no request pays for it.
 */
export function limitConnections(server: Server, max: number, use: ConnectionUse): ConnectionLimit {
  const refused = new WeakSet<Socket>();
  // The answer each refused connection got, until its first request is journaled.
  const unjournaled = new WeakMap<Socket, MockResponse>();
  // Every open connection counted against the cap.
  const counted = new Set<Duplex>();
  // Counted connections in the order they opened, until their first request is seen (looked at only at the cap).
  const maybeNeverUsed = new Set<Duplex>();
  /** The counted connection that has waited longest with no request in progress: one that never sent a whole request, else an idle one. */
  function longestWaiting(): Duplex | undefined {
    for (const socket of maybeNeverUsed) {
      if (!use.hasJoined(socket)) return socket;
      maybeNeverUsed.delete(socket);
    }
    for (const socket of use.idle) if (counted.has(socket) && !socket.destroyed) return socket;
    return undefined;
  }
  server.maxConnections = max + REFUSING_SLOTS;
  server.prependListener('connection', (socket: Socket) => {
    if (counted.size >= max) {
      const waiting = longestWaiting();
      if (waiting !== undefined) {
        // Its place is given now: its 'close' comes later and must not count it again.
        forget(waiting);
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
    counted.add(socket);
    maybeNeverUsed.add(socket);
    socket.once('close', () => forget(socket));
  });
  /** Stops counting `socket`. */
  function forget(socket: Duplex): void {
    counted.delete(socket);
    maybeNeverUsed.delete(socket);
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
