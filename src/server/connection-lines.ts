import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { BodyBudget } from './body-budget.js';

/** Most requests one connection may have waiting for their answers (HTTP/1.1 pipelining); more are refused. */
export const MAX_PIPELINED = 32;

/** One request and its answer, in the line of its connection. */
export interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  /** Aborted when the server stops: a delayed answer is sent at once. */
  readonly hurry: AbortController;
  /** Resolves once every earlier request on the connection is answered: only then is this one carried out. */
  readonly turn: Promise<void>;
  /** Holds `bytes` of the request's body against the budget; false, holding nothing more, when they do not fit. */
  hold(bytes: number): boolean;
  /** Holds the answer's body bytes, whether or not they fit: the request was carried out. */
  holdAnswer(bytes: number): void;
  /** No later request on the connection waits behind this one. */
  isLastInLine(): boolean;
  /** This one's answer closes the connection: those behind it in line are not carried out (those before it still are). */
  closeLine(): void;
  /** An earlier answer on the connection closes it: this one is not carried out. */
  isLineClosed(): boolean;
  /** This one is answered (or refused): the next in line may go once this one's turn has come. */
  answered(): void;
}

/** An exchange as its line knows it: with the way to give back what it holds. */
interface Member extends Exchange {
  finish(): void;
}

export interface ConnectionLines {
  /** Every exchange whose answer is not yet written out, or whose connection is still open. */
  readonly exchanges: ReadonlySet<Exchange>;
  /** Puts a request at the end of its connection's line; undefined when the line is full (the caller refuses it, closing the connection). */
  join(request: IncomingMessage, response: ServerResponse, budget: BodyBudget): Exchange | undefined;
  /** The exchange of `socket` whose request has not fully arrived yet (its body still coming), if any. */
  arriving(socket: Duplex): Exchange | undefined;
}

/**
 * Node hands the server every pipelined request of a connection as soon as it has parsed it, and
 * sends the answers in order. The lines make the mock carry them out in that order too, one after
 * another: a request queued behind a delayed one is not carried out before it, so a server that
 * stops can refuse it with nothing stored. What each exchange holds goes back to the budget when its
 * answer is written out or its connection closes.
 */
export function createConnectionLines(): ConnectionLines {
  const exchanges = new Set<Exchange>();
  // `closedBefore`: the place in line of the first answer that closes the connection; those behind it are not carried out.
  const lines = new WeakMap<Duplex, { tail: Promise<void>; members: Member[]; joined: number; closedBefore: number }>();
  return {
    exchanges,
    arriving: socket => lines.get(socket)?.members.find(member => !member.request.complete),
    join(request, response, budget) {
      const socket = request.socket;
      let line = lines.get(socket);
      if (line === undefined) {
        const created = { tail: Promise.resolve(), members: [] as Member[], joined: 0, closedBefore: Infinity };
        lines.set(socket, created);
        socket.once('close', () => {
          for (const member of [...created.members]) member.finish();
        });
        line = created;
      }
      if (line.members.length >= MAX_PIPELINED) {
        // Its refusal closes the connection: nothing parsed after it is carried out (those before it still are).
        line.closedBefore = Math.min(line.closedBefore, line.joined++);
        return undefined;
      }
      const currentLine = line;
      const place = line.joined++;
      const { members } = line;
      const turn = line.tail;
      let release: () => void = () => undefined;
      line.tail = new Promise<void>(resolve => (release = resolve));
      const letNextGo = (): void => void turn.then(release);
      let held = 0;
      let finished = false;
      const exchange: Member = {
        request,
        response,
        hurry: new AbortController(),
        turn,
        hold(bytes) {
          if (finished || !budget.take(bytes)) return false;
          held += bytes;
          return true;
        },
        holdAnswer(bytes) {
          if (finished) return;
          budget.add(bytes);
          held += bytes;
        },
        isLastInLine: () => members.at(-1) === exchange,
        closeLine: () => void (currentLine.closedBefore = Math.min(currentLine.closedBefore, place)),
        isLineClosed: () => currentLine.closedBefore < place,
        answered: letNextGo,
        finish() {
          if (finished) return;
          finished = true;
          budget.give(held);
          held = 0;
          exchanges.delete(exchange);
          members.splice(members.indexOf(exchange), 1);
          letNextGo();
        },
      };
      members.push(exchange);
      exchanges.add(exchange);
      response.once('close', () => exchange.finish());
      return exchange;
    },
  };
}
