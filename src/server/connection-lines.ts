import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ByteBudget } from '../budget/index.js';

/** Most requests one connection may have waiting for their answers (HTTP/1.1 pipelining); more are refused. */
export const MAX_PIPELINED = 32;

/** One request and its answer, in the line of its connection. */
export interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  /** Resolves once every earlier request on the connection is answered: only then is this one carried out. Undefined when none was waiting as it joined (its turn has come). */
  readonly turn: Promise<void> | undefined;
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

export interface ConnectionLines {
  /** Every exchange whose answer is not yet written out, or whose connection is still open. */
  readonly exchanges: ReadonlySet<Exchange>;
  /** Puts a request at the end of its connection's line; undefined when the line is full (the caller refuses it, closing the connection). */
  join(request: IncomingMessage, response: ServerResponse, budget: ByteBudget): Exchange | undefined;
  /** The exchange of `socket` whose request has not fully arrived yet (its body still coming), if any. */
  arriving(socket: Duplex): Exchange | undefined;
  /** Whether a whole request ever arrived on `socket` (one that is still sending its first headers has none). */
  hasJoined(socket: Duplex): boolean;
  /**
   * Open connections whose every request is answered (written out), in the order they became so:
   * kept here, where each exchange already begins and ends, so that the connection cap's choice of
   * whom to close costs a request nothing more.
   */
  readonly idle: ReadonlySet<Duplex>;
}

/** A connection's requests in the order they arrived. */
class Line {
  readonly members: Member[] = [];
  /** How many requests joined it, refused ones included: each one's place. */
  joined = 0;
  /** The place in line of the first answer that closes the connection; those behind it are not carried out. */
  closedBefore = Infinity;

  constructor(
    readonly socket: Duplex,
    private readonly idle: Set<Duplex>,
  ) {}

  /** A member left: with none left and the connection still open, it waits for its next request. */
  left(): void {
    if (this.members.length === 0 && !this.socket.destroyed) this.idle.add(this.socket);
  }

  /** The first member not yet answered gets its turn, if it waits for it (those before it are all answered). */
  letNextGo(): void {
    for (const member of this.members) {
      if (member.isAnswered) continue;
      member.startTurn?.();
      return;
    }
  }
}

/** An exchange as its line knows it: with the way to give back what it holds. Methods, not closures: one is made for every request. */
class Member implements Exchange {
  readonly turn: Promise<void> | undefined;
  startTurn: (() => void) | undefined;
  isAnswered = false;
  private held = 0;
  private finished = false;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    private readonly line: Line,
    private readonly place: number,
    private readonly budget: ByteBudget,
    private readonly exchanges: Set<Exchange>,
  ) {
    // Its turn has come when every request before it is answered; usually none is waiting.
    this.turn = line.members.some(member => !member.isAnswered)
      ? new Promise<void>(resolve => {
          this.startTurn = () => {
            this.startTurn = undefined;
            resolve();
          };
        })
      : undefined;
  }

  hold(bytes: number): boolean {
    if (this.finished || !this.budget.take(bytes)) return false;
    this.held += bytes;
    return true;
  }

  holdAnswer(bytes: number): void {
    if (this.finished) return;
    this.budget.add(bytes);
    this.held += bytes;
  }

  isLastInLine(): boolean {
    return this.line.members.at(-1) === this;
  }

  closeLine(): void {
    this.line.closedBefore = Math.min(this.line.closedBefore, this.place);
  }

  isLineClosed(): boolean {
    return this.line.closedBefore < this.place;
  }

  answered(): void {
    if (this.isAnswered) return;
    this.isAnswered = true;
    this.line.letNextGo();
  }

  /** Its answer is written out, or its connection closed: what it holds goes back, and it leaves the line. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.budget.give(this.held);
    this.held = 0;
    this.exchanges.delete(this);
    const { members } = this.line;
    members.splice(members.indexOf(this), 1);
    this.line.left();
    this.answered();
  }
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
  const lines = new WeakMap<Duplex, Line>();
  const idle = new Set<Duplex>();
  return {
    exchanges,
    idle,
    arriving: socket => lines.get(socket)?.members.find(member => !member.request.complete),
    hasJoined: socket => lines.has(socket),
    join(request, response, budget) {
      const socket = request.socket;
      let line = lines.get(socket);
      if (line === undefined) {
        const created = new Line(socket, idle);
        lines.set(socket, created);
        socket.once('close', () => {
          for (const member of [...created.members]) member.finish();
          idle.delete(socket);
        });
        line = created;
      } else idle.delete(socket);
      if (line.members.length >= MAX_PIPELINED) {
        // Its refusal closes the connection: nothing parsed after it is carried out (those before it still are).
        line.closedBefore = Math.min(line.closedBefore, line.joined++);
        return undefined;
      }
      const member = new Member(request, response, line, line.joined++, budget, exchanges);
      line.members.push(member);
      exchanges.add(member);
      // A response closes once: a plain listener, without the wrapper once() makes for every request.
      response.on('close', () => member.finish());
      return member;
    },
  };
}
