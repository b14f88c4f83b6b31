import { deepEnough, isBackreference, partsOf, type GroupPart, type Part } from './pattern-parts.js';

/**
 * A pattern with lookarounds run in time linear in the text (times the pattern's size), for the
 * patterns JavaScript's RegExp may backtrack on and RE2 cannot read: AWS's domain names
 * `^(((?!-)[A-Za-z0-9-]{0,62}[A-Za-z0-9])\.)+…$`, IAM's `^[a-z0-9]([a-z0-9]|-(?!-)){1,61}[a-z0-9]$`,
 * `(?!\s*$)[\s\S]+`. A validator only asks whether a text matches somewhere, and without a
 * backreference that is a question about the set of texts the pattern allows, which an automaton
 * answers: it follows every way through the pattern at once, one character at a time, as RE2 does.
 * A lookaround is a condition on a position: before the text is read, each lookaround's body is run
 * once over the whole text (a lookahead's backwards from the end, a lookbehind's forwards from the
 * start), which gives its verdict at every position; the automaton then reads that verdict where it
 * meets the lookaround. Innermost lookarounds first, so a body may hold lookarounds in turn. This is
 * the method of Barrière and Pit-Claudel, "Linear Matching of JavaScript Regular Expressions" (PLDI
 * 2024), without captures. Each character of the pattern is tested by RegExp itself on one
 * character of the text, so a class, an escape or `\p{…}` means what it means to RegExp.
 */

/** The most states an automaton is built with: a count copies its atom once per count (`[a-z]{0,62}` makes 124). */
export const MOST_AUTOMATON_STATES = 20_000;

/**
 * The most lookarounds a pattern runs with: each keeps a verdict a position while a text is tested
 * (a bit each: 32 of them on a 1 MiB text hold 4 MiB until the verdict; AWS's patterns have up to 6).
 */
export const MOST_LOOKAROUNDS = 32;

/** What Ajv needs of a compiled pattern. */
export interface TextTest {
  test(text: string): boolean;
  toString(): string;
}

/**
 * `pattern` (JavaScript's syntax, flag `u`) as a test that runs in linear time, or undefined where
 * it cannot be (`automatonOf` says why).
 */
export function compileAutomaton(pattern: string, flags: string): TextTest | undefined {
  const read = automatonOf(pattern, flags);
  return typeof read === 'string' ? undefined : read;
}

/**
 * `pattern` as a test that runs in linear time, or why it cannot be, for messages: a backreference
 * (what it matches depends on the way taken, not only on the text), a flag other than `u`, syntax
 * RegExp refuses, more than `MOST_AUTOMATON_STATES` states, `MOST_LOOKAROUNDS` lookarounds or
 * `MOST_DISTINCT_CHARACTERS` distinct characters.
 */
export function automatonOf(pattern: string, flags: string): TextTest | string {
  if (flags !== 'u') return 'it is read with flags other than u';
  try {
    new RegExp(pattern, flags);
  } catch {
    return 'RegExp cannot read it';
  }
  const automaton = deepEnough(() => built(pattern), 'it nests too deep');
  if (typeof automaton === 'string') return automaton;
  return { test: text => matchesSomewhere(automaton, text), toString: () => `automaton:/${pattern}/` };
}

const CHARACTER = 0;
const SPLIT = 1;
const ASSERTION = 2;
const MATCH = 3;

const AT_START = 0;
const AT_END = 1;
const AT_WORD_BOUNDARY = 2;
const NOT_AT_WORD_BOUNDARY = 3;
/** An assertion past these reads a lookaround's verdicts: `LOOKAROUND + 2k` lookaround `k`, plus 1 where negated. */
const LOOKAROUND = 4;

/**
 * One character of the pattern as RegExp reads it (`expression`, global), its verdicts kept by block
 * of 256 code points: the first time a code point of a block is asked about, RegExp reads the whole
 * block in one pass (a bit a code point). A text of many distinct characters (CJK) asks a few hundred
 * blocks at most, not a RegExp call a character and a state. Past `MOST_KEPT_BLOCKS` for the
 * automaton, RegExp reads the one code point asked about, and nothing more is kept.
 */
interface CharacterTest {
  readonly expression: RegExp;
  readonly blocks: Map<number, Uint8Array>;
  /** The code point asked last, and the verdict: the states of one position that test this character ask once. */
  lastPoint: number;
  lastVerdict: boolean;
}

/** The most blocks of verdicts an automaton keeps, for all its characters (32 bytes each: 1 MiB). */
const MOST_KEPT_BLOCKS = 32_768;

/**
 * The most distinct characters (literals, classes, escapes) a pattern runs with: a text of many
 * distinct characters costs each a block read (`[^\u{20000}]|[^\u{20001}]|…` of 8,000 classes took
 * 40 s on 4,200 CJK characters; AWS's patterns have fewer than 20).
 */
export const MOST_DISTINCT_CHARACTERS = 256;

/** Each block's code points written out, as RegExp reads a block in one pass (made as blocks are first asked about). */
const blockTexts = new Map<number, string>();

/** A lookaround's body, its own automaton among the states: which way it is run over the text. */
interface Lookaround {
  readonly start: number;
  readonly behind: boolean;
}

/**
 * The pattern's states (a Thompson automaton): each a kind, the state after it (`next`), a second
 * way for a split (`other`), and what a character or an assertion tests (`test`). The main
 * pattern's start, and the lookarounds' bodies in the order their verdicts are worked out.
 */
interface Automaton {
  readonly kinds: Uint8Array;
  readonly next: Int32Array;
  readonly other: Int32Array;
  readonly test: Int32Array;
  readonly characters: readonly CharacterTest[];
  readonly lookarounds: readonly Lookaround[];
  readonly start: number;
  /** Made at the first run: a pattern compiled is not always run. */
  room: Room | undefined;
  /** How many blocks of verdicts its characters keep. */
  keptBlocks: number;
}

/** Why the pattern runs on no automaton, thrown where building it finds out. */
class Refusal extends Error {}

function built(pattern: string): Automaton | string {
  const branches = partsOf(pattern);
  if (branches === undefined) return 'it nests too deep';
  const kinds: number[] = [];
  const next: number[] = [];
  const other: number[] = [];
  const test: number[] = [];
  const characters: CharacterTest[] = [];
  const characterBySource = new Map<string, number>();
  const lookarounds: Lookaround[] = [];
  const lookaroundByPart = new Map<GroupPart, number>();

  const state = (kind: number, after: number, second = -1, tested = -1): number => {
    if (kinds.length >= MOST_AUTOMATON_STATES) throw new Refusal(PAST_STATES);
    kinds.push(kind);
    next.push(after);
    other.push(second);
    test.push(tested);
    return kinds.length - 1;
  };
  const characterOf = (source: string): number => {
    const known = characterBySource.get(source);
    if (known !== undefined) return known;
    // A backreference matches what its group took, which no test of one character knows.
    if (isBackreference(source)) throw new Refusal('it has a backreference');
    if (characters.length >= MOST_DISTINCT_CHARACTERS) throw new Refusal(`it has more than ${MOST_DISTINCT_CHARACTERS} distinct characters or classes`);
    characters.push({ expression: new RegExp(source, 'gu'), blocks: new Map(), lastPoint: -1, lastVerdict: false });
    characterBySource.set(source, characters.length - 1);
    return characters.length - 1;
  };
  /** The state that runs `branches` and then `after`; `backwards` runs each sequence from its end. */
  const alternatives = (choices: Part[][], after: number, backwards: boolean): number => {
    let first = sequence(choices[choices.length - 1] ?? [], after, backwards);
    for (let index = choices.length - 2; index >= 0; index -= 1) first = state(SPLIT, sequence(choices[index] ?? [], after, backwards), first);
    return first;
  };
  const sequence = (parts: Part[], after: number, backwards: boolean): number => {
    let first = after;
    // Built from the state that comes last: forwards the last part, backwards the first.
    if (backwards) for (const part of parts) first = repeated(part, first, backwards);
    else for (let index = parts.length - 1; index >= 0; index -= 1) first = repeated(parts[index] as Part, first, backwards);
    return first;
  };
  /** `part` as often as its quantifier allows, then `after`: `X{2,4}` as `XX(?:X(?:X)?)?`, `X{2,}` as `XXX*`. */
  const repeated = (part: Part, after: number, backwards: boolean): number => {
    const least = part.quantifier?.least ?? 1;
    const most = part.quantifier?.most ?? 1;
    let first = after;
    if (most === Infinity) {
      const loop = state(SPLIT, -1, after);
      next[loop] = once(part, loop, backwards);
      first = loop;
    } else {
      for (let count = least; count < most; count += 1) first = state(SPLIT, once(part, first, backwards), after);
    }
    for (let count = 0; count < least; count += 1) first = once(part, first, backwards);
    return first;
  };
  let copies = 0;
  const once = (part: Part, after: number, backwards: boolean): number => {
    // A count over a part that makes no state (`(?:){99999999}`) still copies it: bounded as states are.
    if ((copies += 1) > MOST_AUTOMATON_STATES) throw new Refusal(PAST_STATES);
    if (part.kind === 'character') return state(CHARACTER, after, -1, characterOf(part.source));
    if (part.kind === 'assertion') {
      const assertion = ASSERTIONS.get(part.source);
      if (assertion === undefined) throw new Refusal(`it has an assertion ${part.source} no automaton reads`);
      return state(ASSERTION, after, -1, assertion);
    }
    if (!part.lookaround) return alternatives(part.branches, after, backwards);
    return state(ASSERTION, after, -1, LOOKAROUND + 2 * lookaroundOf(part) + (part.negated ? 1 : 0));
  };
  /** A lookaround's body as an automaton of its own, built once however often its group is copied. */
  const lookaroundOf = (part: GroupPart): number => {
    const known = lookaroundByPart.get(part);
    if (known !== undefined) return known;
    if (lookarounds.length >= MOST_LOOKAROUNDS) throw new Refusal(`it has more than ${MOST_LOOKAROUNDS} lookarounds`);
    // A lookahead's verdicts are worked out from the text's end backwards, so its body is built backwards.
    const start = alternatives(part.branches, state(MATCH, -1), !part.behind);
    lookarounds.push({ start, behind: part.behind });
    lookaroundByPart.set(part, lookarounds.length - 1);
    return lookarounds.length - 1;
  };

  try {
    const start = alternatives(branches, state(MATCH, -1), false);
    return { kinds: Uint8Array.from(kinds), next: Int32Array.from(next), other: Int32Array.from(other), test: Int32Array.from(test), characters, lookarounds, start, room: undefined, keptBlocks: 0 };
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    if (error instanceof SyntaxError) return 'RegExp cannot read one of its characters alone';
    throw error;
  }
}

const PAST_STATES = `its counts copy it past ${MOST_AUTOMATON_STATES.toLocaleString('en-US')} states`;

const ASSERTIONS = new Map([
  ['^', AT_START],
  ['$', AT_END],
  ['\\b', AT_WORD_BOUNDARY],
  ['\\B', NOT_AT_WORD_BOUNDARY],
]);

/**
 * The states one position holds: each once (`sparse`/`dense`), and whether the pattern's end is
 * among them.
 */
class StateSet {
  readonly dense: Int32Array;
  readonly sparse: Int32Array;
  size = 0;
  matched = false;
  constructor(states: number) {
    this.dense = new Int32Array(states);
    this.sparse = new Int32Array(states);
  }
  has(state: number): boolean {
    const at = this.sparse[state] as number;
    return at < this.size && this.dense[at] === state;
  }
  add(state: number): void {
    this.sparse[state] = this.size;
    this.dense[this.size] = state;
    this.size += 1;
  }
  clear(): void {
    this.size = 0;
    this.matched = false;
  }
}

/**
 * Room for a run, made at the automaton's first and used by each run in turn (a run is synchronous
 * and runs no other of the same automaton): the states of two positions, and the states still to follow.
 */
interface Room {
  readonly sets: [StateSet, StateSet];
  readonly pending: Int32Array;
}

/** What a run over one text shares: the text, the verdicts worked out, and room for the way through. */
interface Run {
  readonly automaton: Automaton;
  readonly text: string;
  /** Per lookaround, its verdict at each position (a bit each, set where it holds), once worked out. */
  readonly verdicts: Uint8Array[];
  readonly room: Room;
}

/** Whether `text` holds a match of the pattern anywhere (RegExp's `test`). */
function matchesSomewhere(automaton: Automaton, text: string): boolean {
  const states = automaton.kinds.length;
  automaton.room ??= { sets: [new StateSet(states), new StateSet(states)], pending: new Int32Array(2 * states + 1) };
  const run: Run = { automaton, text, verdicts: [], room: automaton.room };
  for (const lookaround of automaton.lookarounds) run.verdicts.push(verdictsOf(run, lookaround));
  let [current, following] = run.room.sets;
  current.clear();
  addWithClosure(run, current, automaton.start, 0);
  for (let position = 0; ; ) {
    if (current.matched) return true;
    if (position >= text.length) return false;
    const point = text.codePointAt(position) as number;
    const width = point > 0xffff ? 2 : 1;
    following.clear();
    step(run, current, following, point, position + width);
    position += width;
    // A match may start at every position.
    addWithClosure(run, following, automaton.start, position);
    [current, following] = [following, current];
  }
}

/**
 * A lookaround's verdict at each position: a lookahead holds at a position where its body matches a
 * text starting there, found by running its body (built backwards) from the text's end to its start,
 * starting afresh at each position; a lookbehind where its body matches a text ending there, by
 * running it forwards.
 */
function verdictsOf(run: Run, lookaround: Lookaround): Uint8Array {
  const { text } = run;
  const verdicts = new Uint8Array((text.length >> 3) + 1);
  let [current, following] = run.room.sets;
  current.clear();
  let position = lookaround.behind ? 0 : text.length;
  addWithClosure(run, current, lookaround.start, position);
  for (;;) {
    if (current.matched) verdicts[position >> 3] = (verdicts[position >> 3] as number) | (1 << (position & 7));
    if (lookaround.behind ? position >= text.length : position <= 0) return verdicts;
    const point = lookaround.behind ? (text.codePointAt(position) as number) : pointBefore(text, position);
    const width = point > 0xffff ? 2 : 1;
    position += lookaround.behind ? width : -width;
    following.clear();
    step(run, current, following, point, position);
    addWithClosure(run, following, lookaround.start, position);
    [current, following] = [following, current];
  }
}

/** The code point that ends at `position` (a surrogate pair read as one, as flag `u` reads it). */
function pointBefore(text: string, position: number): number {
  const low = text.charCodeAt(position - 1);
  if (low >= 0xdc00 && low <= 0xdfff && position >= 2) {
    const high = text.charCodeAt(position - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/** Takes `point` from every state of `current` that tests a character, into `following` at `position`. */
function step(run: Run, current: StateSet, following: StateSet, point: number, position: number): void {
  const { kinds, next, test, characters } = run.automaton;
  for (let index = 0; index < current.size; index += 1) {
    const state = current.dense[index] as number;
    if (kinds[state] === CHARACTER && takes(run, characters[test[state] as number] as CharacterTest, point)) addWithClosure(run, following, next[state] as number, position);
  }
}

function takes(run: Run, character: CharacterTest, point: number): boolean {
  if (character.lastPoint === point) return character.lastVerdict;
  const block = point >> 8;
  let verdicts = character.blocks.get(block);
  if (verdicts === undefined && run.automaton.keptBlocks < MOST_KEPT_BLOCKS) {
    verdicts = blockVerdicts(character.expression, block);
    character.blocks.set(block, verdicts);
    run.automaton.keptBlocks += 1;
  }
  character.lastPoint = point;
  if (verdicts === undefined) {
    // Past the blocks kept: the one code point.
    character.expression.lastIndex = 0;
    character.lastVerdict = character.expression.test(String.fromCodePoint(point));
  } else character.lastVerdict = (((verdicts[(point & 0xff) >> 3] as number) >> (point & 7)) & 1) === 1;
  return character.lastVerdict;
}

/** Which code points of a block one character of a pattern takes, a bit each, read by RegExp in one pass over the block. */
function blockVerdicts(expression: RegExp, block: number): Uint8Array {
  let text = blockTexts.get(block);
  if (text === undefined) {
    text = '';
    for (let offset = 0; offset < 256; offset += 1) text += String.fromCodePoint((block << 8) + offset);
    blockTexts.set(block, text);
  }
  // Every code point of a block has the same width: a surrogate pair past U+FFFF, one unit below.
  const width = block >= 0x100 ? 2 : 1;
  const verdicts = new Uint8Array(32);
  for (const match of text.matchAll(expression)) {
    const offset = match.index / width;
    verdicts[offset >> 3] = (verdicts[offset >> 3] as number) | (1 << (offset & 7));
  }
  return verdicts;
}

/** Adds `first` and every state reached from it without taking a character, where the assertions on the way hold at `position`. */
function addWithClosure(run: Run, set: StateSet, first: number, position: number): void {
  const { kinds, next, other, test } = run.automaton;
  const { pending } = run.room;
  let count = 0;
  pending[count++] = first;
  while (count > 0) {
    const state = pending[--count] as number;
    if (state < 0 || set.has(state)) continue;
    set.add(state);
    const kind = kinds[state];
    if (kind === MATCH) set.matched = true;
    else if (kind === SPLIT) {
      pending[count++] = other[state] as number;
      pending[count++] = next[state] as number;
    } else if (kind === ASSERTION && holds(run, test[state] as number, position)) pending[count++] = next[state] as number;
  }
}

function holds(run: Run, assertion: number, position: number): boolean {
  const { text } = run;
  if (assertion === AT_START) return position === 0;
  if (assertion === AT_END) return position === text.length;
  if (assertion === AT_WORD_BOUNDARY || assertion === NOT_AT_WORD_BOUNDARY) {
    const boundary = isWordUnit(text.charCodeAt(position - 1)) !== isWordUnit(text.charCodeAt(position));
    return boundary === (assertion === AT_WORD_BOUNDARY);
  }
  const lookaround = (assertion - LOOKAROUND) >> 1;
  const negated = ((assertion - LOOKAROUND) & 1) === 1;
  const holding = (((run.verdicts[lookaround]?.[position >> 3] ?? 0) >> (position & 7)) & 1) === 1;
  return holding !== negated;
}

/** Whether a code unit is one of `\w`'s (flag `u` without `i`: ASCII letters, digits, `_`); NaN past either end is not. */
function isWordUnit(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x5f;
}
