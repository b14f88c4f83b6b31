import { describe, expect, it } from 'vitest';
import type { JsonSchema, Resource } from '../../src/document/index.js';
import { isSetByService, namesABodyMayHold, sendableFieldKeys } from '../../src/engine/state/unsent-properties.js';

/** A task a client creates with a body of either shape (`oneOf`), one holding `closed_at`. */
const BODY: JsonSchema = {
  allOf: [{ type: 'object', properties: { title: { type: 'string' } } }],
  oneOf: [
    { type: 'object', properties: { state: { type: 'string', enum: ['open'] } } },
    { type: 'object', properties: { state: { type: 'string', enum: ['closed'] }, closed_at: { type: 'string', format: 'date-time' } } },
  ],
  anyOf: [{ type: 'object', properties: { task_due_on: { type: 'string', format: 'date' } } }],
};

const TASK = { singular: 'task', writableFields: ['title', 'state', 'closed_at', 'due_on', 'opened_at'] } as unknown as Resource;

describe('what a request body lets a client set, and so what the service sets', () => {
  it('reads the names of every alternative a body may take, not only its own and its allOf parts', () => {
    expect([...namesABodyMayHold(BODY)].sort()).toEqual(['closed_at', 'state', 'task_due_on', 'title']);
  });

  it('takes a name that starts with the record’s noun as the property after it, as a create reads it', () => {
    const sendable = sendableFieldKeys(namesABodyMayHold(BODY), TASK);
    expect(isSetByService('closed_at', TASK, sendable)).toBe(false);
    expect(isSetByService('due_on', TASK, sendable)).toBe(false);
    // Writable in the schema, but no body declares it: the service's.
    expect(isSetByService('opened_at', TASK, sendable)).toBe(true);
    // No body declared: only what the schema makes read-only.
    expect(isSetByService('opened_at', TASK, undefined)).toBe(false);
  });
});
