import { describe, expect, it } from 'vitest';
import { createRequestJournal, type JournalEntry } from '../src/index.js';

function entry(path: string, session: string | null = null): Omit<JournalEntry, 'seq'> {
  return { time: new Date(0).toISOString(), method: 'GET', path, operationId: 'listPets', status: 200, session, problems: [], delay: 0, control: null, sessionOpened: null, evictedSession: null, body: null, bodyCut: false };
}

describe('the request journal', () => {
  it('keeps the last capacity entries, oldest first', () => {
    const journal = createRequestJournal(3);
    for (const path of ['/1', '/2', '/3', '/4', '/5']) journal.record(entry(path));
    expect(journal.list().map(item => item.path)).toEqual(['/3', '/4', '/5']);
  });

  it('lists and clears one session’s entries', () => {
    const journal = createRequestJournal(10);
    journal.record(entry('/a', 'a'));
    journal.record(entry('/b', 'b'));
    journal.record(entry('/default'));
    expect(journal.list('a').map(item => item.path)).toEqual(['/a']);
    journal.clear('a');
    expect(journal.list().map(item => item.path)).toEqual(['/b', '/default']);
    journal.clear();
    expect(journal.list()).toEqual([]);
  });

  it('keeps its order after a clear of one session once it had wrapped around', () => {
    const journal = createRequestJournal(3);
    for (const [path, session] of [['/1', 'a'], ['/2', 'b'], ['/3', 'a'], ['/4', 'b']] as const) journal.record(entry(path, session));
    journal.clear('a');
    journal.record(entry('/5'));
    journal.record(entry('/6'));
    expect(journal.list().map(item => item.path)).toEqual(['/4', '/5', '/6']);
  });

  it('keeps nothing with a capacity of 0', () => {
    const journal = createRequestJournal(0);
    journal.record(entry('/x'));
    expect(journal.list()).toEqual([]);
  });

  it('hands out copies, so a caller cannot change what it recorded', () => {
    const journal = createRequestJournal(2);
    journal.record(entry('/x'));
    const [listed] = journal.list();
    if (listed) listed.problems.push({ path: 'p', message: 'm' });
    expect(journal.list()[0]?.problems).toEqual([]);
  });
});
