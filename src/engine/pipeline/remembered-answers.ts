import { createByteBudget } from '../../budget/index.js';
import type { PetstoreDocument } from '../../document/index.js';
import type { RecordStore } from '../../store/index.js';
import { isForced } from '../controls/index.js';
import { sunsetOf, type RequestContext } from '../operations/index.js';
import { createSegmentedMemory, PROTECTED_SHARE } from '../remembering/index.js';
import type { Session } from '../../sessions/index.js';
import type { MockResponse } from '../types.js';

/** Answers remembered at most, across every session. */
export const REMEMBERED_ANSWERS = 4096;
/** Bytes the remembered answers' bodies and keys hold together, at most: one a character of a text V8 holds in one byte a character (every character Latin-1), else two. */
export const REMEMBERED_ANSWER_BYTES = 2 * 1024 * 1024;
/** The longest body remembered, in characters: a larger page is made afresh each time. */
export const MAX_REMEMBERED_BODY_LENGTH = 16 * 1024;

/** What an entry, its map slot and its headers' object hold besides the text counted (estimated heap, rounded up). */
const ENTRY_OVERHEAD_BYTES = 256;
/** What one header holds besides its name's and value's characters. */
const HEADER_OVERHEAD_BYTES = 48;

/**
 * Another store an answer read, as it was then: a parent's (`/owners/{ownerId}/pets` reads that the
 * owner exists), which a create leaves as it was, or an embedded collection's (`Owner.pets`), which
 * any change may change.
 */
interface StoreRead {
  storeNumber: number;
  revision: number;
  rewrites: number;
  /** True for an embedded collection, or a parent the path names by another property than its key: any change voids the answer. Else only a change but a create does. */
  embedded: boolean;
}

/** The collections an operation's answer is made from: its own, its parents' (that they exist), those its records embed. */
interface AnswerSources {
  role: 'list' | 'read';
  resource: string;
  /** Its path names its record by another property than the key as well (`{project_name_or_id}`): a create can change which record that names. */
  namedByOtherKey: boolean;
  /** `embedded` also for a parent the path names by another property: a create there can change which parent that names. */
  others: readonly { readonly resource: string; readonly embedded: boolean }[];
}

/** What an answer was made from, and the answer. */
interface RememberedAnswer {
  /** The store it read (by number: a remembered answer must not keep a dropped session's store alive), and that store's revision then. */
  storeNumber: number;
  /** The other stores it read (none for the Animal Store's pets). */
  others: readonly StoreRead[];
  revision: number;
  /** The store's rewrites then (see `RecordStore.rewrites`). */
  rewrites: number;
  /**
   * True when pets created since do not change it: a read's answer (a create changes no pet), or a
   * page that was full (a created pet comes after every pet in it). Else any change of the store voids it.
   */
  outlivesCreates: boolean;
  /** The instant from which the operation is gone (its `Sunset`): no remembered answer of it is given from then on. */
  goneFrom: number;
  operationId: string;
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string | undefined;
  bytes: number;
}

/**
 * A request asked once, whose answer would have been kept: only its key is held (and counted), so that
 * the answer of the next identical request is kept. Most reads of a growing store ask for an id once:
 * keeping each answer (a copy of its headers, its bytes counted) cost ~15 µs of a ~100 µs read.
 */
interface AskedOnce {
  readonly askedOnce: true;
  readonly bytes: number;
}

type Held = RememberedAnswer | AskedOnce;

const isAnswer = (held: Held): held is RememberedAnswer => !('askedOnce' in held);

/** What decides whether a request's answer may be remembered: the controls that draw or script answers. */
export interface RememberingConditions {
  /** Scripted answers exist (`/__admin/overrides`): no answer is remembered or given while any does. */
  overridesExist(): boolean;
  /** `--fault-rate` or `--delay` draw per request from the session's streams: nothing is remembered under them. */
  drawsPerRequest: boolean;
  clock(): Date;
}

export interface RememberedAnswers {
  /**
   * The answer given earlier to a request identical to this one (same method, URL and headers, no
   * body: the key of Prism's remembered verdicts), when the store it read has not changed since; the
   * request's session is entered, as the responder would. Undefined when there is none to give.
   */
  recall(key: string | undefined, context: RequestContext): MockResponse | undefined;
  /**
   * Remembers `response` for requests identical to this one, when it is the store's plain answer to a
   * read (list or read), a 200 made from it and nothing else, and an identical request was asked before
   * (the first only has its key held, `AskedOnce`): an answer is kept from the second identical request
   * on and given from the third, so that reads of ids asked once neither pay for an answer's place nor
   * push out answers asked again.
   */
  keep(key: string | undefined, context: RequestContext, response: MockResponse): void;
  /** Answers remembered now. */
  readonly size: number;
  /** Bytes they hold now (as `REMEMBERED_ANSWER_BYTES` counts them). */
  readonly bytes: number;
}

/**
 * Remembers the store's answers to reads, per request identity and store revision: a `GET /v1/pets`
 * repeated while the pets are unchanged is answered as before without running Prism's pipeline
 * again. Prism decided the identical request once (its verdicts are remembered beside this, by the
 * same key); our responder made the answer from the same pets. Any write to the store (but a create,
 * for a read's answer or a full page, which no created pet enters), a forced or
 * scripted answer, a fault or delay drawn per request, or the operation's sunset passing makes it
 * decide afresh. Bounded: `REMEMBERED_ANSWERS` answers and `REMEMBERED_ANSWER_BYTES` bytes, those
 * given once first out, then the least recently used (`SegmentedMemory`); bodies over
 * `MAX_REMEMBERED_BODY_LENGTH` characters are not kept.
 */
export function rememberAnswers(document: PetstoreDocument, conditions: RememberingConditions, capacity = REMEMBERED_ANSWERS): RememberedAnswers {
  // Answers given once (reads of ids asked once) replace only each other, never those given again and again (a suite's pages).
  const answers = createSegmentedMemory<Held>(Math.floor(capacity * PROTECTED_SHARE));
  const storeNumbers = new WeakMap<RecordStore, number>();
  let lastStoreNumber = 0;
  const budget = createByteBudget('rememberedAnswerBytes', REMEMBERED_ANSWER_BYTES);
  const numberOf = (store: RecordStore): number => {
    let number = storeNumbers.get(store);
    if (number === undefined) storeNumbers.set(store, (number = ++lastStoreNumber));
    return number;
  };
  const sources = answerSources(document);
  const primary = document.firstCollection.resource.name;
  const storeIn = (session: Session, name: string): RecordStore => (name === primary ? session.store : (session.storeOf(name) ?? session.store));
  const goneFrom = new Map([...document.operations].map(([id, operation]) => [id, sunsetOf(operation)?.getTime() ?? Infinity]));
  const forget = (key: string, held: Held): void => {
    answers.delete(key);
    budget.give(held.bytes);
  };
  /** Holds `held` under `key` in place of what it held (its place and segment kept), counting its bytes instead. */
  const replace = (key: string, earlier: Held | undefined, held: Held): void => {
    if (earlier !== undefined) budget.give(earlier.bytes);
    answers.set(key, held);
    budget.add(held.bytes);
    while (answers.size > capacity || budget.used > budget.max) forgetLeastValuable();
  };
  const askedOnce = (key: string): AskedOnce => ({ askedOnce: true, bytes: ENTRY_OVERHEAD_BYTES + textBytes(key) });
  // In one step: under mixed traffic (a write between most reads) nearly every read keeps an answer
  // past the capacity, and a scan of them all for the oldest cost each one as much as the recall saved.
  const forgetLeastValuable = (): void => {
    const first = answers.first();
    if (first) forget(...first);
  };
  /** Whether every other store the answer read is the same store, unchanged as its answer needs. */
  const othersUnchanged = (session: Session, answer: RememberedAnswer): boolean => {
    const sourcesOf = sources.get(answer.operationId);
    if (sourcesOf === undefined) return answer.others.length === 0;
    for (let index = 0; index < answer.others.length; index++) {
      const read = answer.others[index] as StoreRead;
      const other = storeIn(session, (sourcesOf.others[index] as AnswerSources['others'][number]).resource);
      if (numberOf(other) !== read.storeNumber) return false;
      if (other.revision !== read.revision && (read.embedded || !Number.isInteger(other.rewrites) || other.rewrites !== read.rewrites)) return false;
    }
    return true;
  };
  const mayRemember = (key: string | undefined, context: RequestContext): key is string =>
    key !== undefined &&
    capacity > 0 &&
    !conditions.drawsPerRequest &&
    !isForced(context.controls) &&
    context.controls.delay === undefined &&
    !conditions.overridesExist();

  return {
    get size() {
      return answers.size;
    },
    get bytes() {
      return budget.used;
    },
    recall(key, context) {
      if (!mayRemember(key, context)) return undefined;
      // Marked as used now: one that can no longer be given is let go of below.
      const answer = answers.use(key);
      if (answer === undefined || !isAnswer(answer)) return undefined;
      if (answer.goneFrom !== Infinity && conditions.clock().getTime() >= answer.goneFrom) {
        forget(key, answer);
        return undefined;
      }
      // The credentials passed when it was first answered (they are part of the key): its session is entered now, as then.
      const { session } = context.enterSession();
      const sourcesOf = sources.get(answer.operationId);
      const store = sourcesOf === undefined ? session.store : storeIn(session, sourcesOf.resource);
      const unchanged = store.revision === answer.revision || (answer.outlivesCreates && store.rewrites === answer.rewrites);
      if (numberOf(store) !== answer.storeNumber || !unchanged || !othersUnchanged(session, answer)) {
        // Asked again: the answer made now is kept in its place (a page every test asks for, made afresh after a write).
        replace(key, answer, askedOnce(key));
        return undefined;
      }
      context.operationId = answer.operationId;
      return { status: answer.status, headers: { ...answer.headers }, ...(answer.body !== undefined && { body: answer.body }), operationId: answer.operationId };
    },
    keep(key, context, response) {
      if (!mayRemember(key, context)) return;
      const { operationId, session } = context;
      if (operationId === undefined || session === undefined || session.opened !== undefined) return;
      const source = sources.get(operationId);
      if (source === undefined || response.status !== 200 || context.control !== null || context.limit !== undefined || context.problems.length > 0) return;
      if (response.body !== undefined && response.body.length > MAX_REMEMBERED_BODY_LENGTH) return;
      const earlier = answers.peek(key);
      if (earlier === undefined) {
        replace(key, undefined, askedOnce(key));
        return;
      }
      let size = ENTRY_OVERHEAD_BYTES + textBytes(key) + (response.body === undefined ? 0 : textBytes(response.body));
      for (const name in response.headers) size += HEADER_OVERHEAD_BYTES + textBytes(name) + textBytes(response.headers[name] ?? '');
      const store = storeIn(session.session, source.resource);
      const others = source.others.map(({ resource, embedded }): StoreRead => {
        const other = storeIn(session.session, resource);
        return { storeNumber: numberOf(other), revision: other.revision, rewrites: other.rewrites, embedded };
      });
      replace(key, earlier, {
        storeNumber: numberOf(store),
        others,
        revision: store.revision,
        rewrites: store.rewrites,
        // The page the list answered with is the store's last: the responder read it just now, in this task.
        // A store made elsewhere that counts no rewrites has every change void the answer.
        // A collection that embeds its own records (or names itself a parent) read its store for them too: any change voids it.
        outlivesCreates: Number.isInteger(store.rewrites) && (source.role === 'read' || store.lastPageFull) && !source.namedByOtherKey && source.others.every(other => other.resource !== source.resource),
        goneFrom: goneFrom.get(operationId) ?? Infinity,
        operationId,
        status: response.status,
        // A copy (adapters add headers to the response later), frozen: recall hands out a copy of it in
        // turn, and a copy of a frozen object is a plain one; a copy of the unfrozen copy cost the server
        // ~15% of its repeated read (Node's writeHead and the journal reading headers more slowly).
        headers: Object.freeze({ ...response.headers }),
        body: response.body,
        bytes: size,
      });
    },
  };
}

/** How deep the presenter embeds (`Owner.pets[].visits[]`): the collections an answer's records embed (or copy records of), to that depth. */
const EMBEDDING_DEPTH = 3;

/**
 * The sources of each list and read whose answer may be remembered: not an operation the document
 * marks `x-not-implemented`, nor one that reads (or embeds, or names as a parent) records kept apart
 * by a path segment's value (`/{realm}/clients`), in stores of their own.
 */
function answerSources(document: PetstoreDocument): Map<string, AnswerSources> {
  const { plans, byName } = document.resources;
  const keptApart = new Set([...plans.values(), ...document.resources.actions.values()].filter(each => each.scope !== undefined).map(each => each.resource));
  const embeddedIn = (name: string, depth: number, into: Set<string>): Set<string> => {
    if (depth >= EMBEDDING_DEPTH) return into;
    for (const embed of byName.get(name)?.embeds ?? []) {
      into.add(embed.child);
      embeddedIn(embed.child, depth + 1, into);
    }
    // The collections whose records they show copies of (`Subscriber.lists[]`), as those stand.
    for (const copies of byName.get(name)?.copies ?? []) into.add(copies.collection);
    return into;
  };
  const sources = new Map<string, AnswerSources>();
  for (const plan of plans.values()) {
    if (plan.role !== 'list' && plan.role !== 'read') continue;
    if (document.operations.get(plan.operationId)?.definition['x-not-implemented'] === true) continue;
    const embedded = embeddedIn(plan.resource, 0, new Set());
    const parents = new Set(plan.parents.map(parent => parent.resource).filter(name => !embedded.has(name)));
    const namedByOther = (parent: string): boolean => plan.parents.some(each => each.resource === parent && byName.get(parent)?.otherKeys?.[each.parameter] !== undefined);
    const others = [...[...embedded].map(resource => ({ resource, embedded: true })), ...[...parents].map(resource => ({ resource, embedded: namedByOther(resource) }))];
    if ([plan.resource, ...embedded, ...parents].some(name => keptApart.has(name))) continue;
    const namedByOtherKey = plan.keyParameter !== undefined && byName.get(plan.resource)?.otherKeys?.[plan.keyParameter] !== undefined;
    sources.set(plan.operationId, { role: plan.role, resource: plan.resource, namedByOtherKey, others });
  }
  return sources;
}

/** Any character past Latin-1: V8 then holds the text in two bytes a character. */
// eslint-disable-next-line no-control-regex
const TWO_BYTE_CHARACTER = /[^\u0000-\u00ff]/;

/** The bytes V8 holds a text's characters in: one a character when every one is Latin-1 (JSON's ASCII), else two. */
function textBytes(text: string): number {
  return TWO_BYTE_CHARACTER.test(text) ? 2 * text.length : text.length;
}
