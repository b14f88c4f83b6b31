import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

// Each time drawn on its own: half the records were changed before they were made.
const TIMED = {
  openapi: '3.0.3',
  info: { title: 'Timed', version: '1' },
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } } } } },
      },
    },
    '/tasks': {
      get: {
        operationId: 'listTasks',
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Task' } } } } } },
      },
    },
    '/tasks/{taskId}': {
      get: {
        operationId: 'getTask',
        parameters: [{ name: 'taskId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Task' } } } }, 404: { description: 'none' } },
      },
    },
    '/notes/{noteId}': {
      get: {
        operationId: 'getNote',
        parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } }, 404: { description: 'none' } },
      },
    },
  },
  components: {
    schemas: {
      Task: {
        type: 'object',
        required: ['id', 'createdAt', 'lastModifiedAt'],
        properties: { id: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, lastModifiedAt: { type: 'string', format: 'date-time' } },
      },
      Note: {
        type: 'object',
        required: ['id', 'created_at', 'updated_at', 'createdOn', 'modifiedOn'],
        properties: {
          id: { type: 'integer' },
          created_at: { type: 'string', format: 'dateTime' },
          updated_at: { type: 'string', format: 'date-time' },
          createdOn: { type: 'string', format: 'date' },
          modifiedOn: { type: 'string', format: 'date' },
        },
      },
    },
  },
};

describe('seeded records whose times name events', () => {
  it('are changed no earlier than they were made (updated_at after created_at, a modified date after a created one)', async () => {
    const engine = await createEngine({ document: structuredClone(TIMED), seed: 11 });
    const notes = JSON.parse((await engine.handle({ method: 'GET', url: '/notes', headers: { authorization: 'Bearer t' } })).body ?? '[]') as Record<string, string>[];
    expect(notes.length).toBeGreaterThan(10);
    for (const note of notes) {
      expect(Date.parse(note['updated_at'] ?? '')).toBeGreaterThanOrEqual(Date.parse(note['created_at'] ?? ''));
      expect((note['modifiedOn'] ?? '') >= (note['createdOn'] ?? '')).toBe(true);
    }
    // Another collection's records, made by another generator (string keys).
    const tasks = JSON.parse((await engine.handle({ method: 'GET', url: '/tasks', headers: { authorization: 'Bearer t' } })).body ?? '[]') as Record<string, string>[];
    expect(tasks.length).toBeGreaterThan(10);
    for (const task of tasks) expect(Date.parse(task['lastModifiedAt'] ?? '')).toBeGreaterThanOrEqual(Date.parse(task['createdAt'] ?? ''));
  });

  it('are left as drawn where a time does not fit the other’s schema (a making time of one allowed value)', async () => {
    const document = structuredClone(TIMED) as { components: { schemas: { Note: { properties: Record<string, object> } } } };
    document.components.schemas.Note.properties['created_at'] = { type: 'string', format: 'date-time', enum: ['2025-06-01T00:00:00Z'] };
    const errors: string[] = [];
    const engine = await createEngine({ document, seed: 11, validateResponses: true, onError: message => errors.push(message) });
    const answer = await engine.handle({ method: 'GET', url: '/notes', headers: { authorization: 'Bearer t' } });
    expect(answer.status).toBe(200);
    for (const note of JSON.parse(answer.body ?? '[]') as Record<string, string>[]) expect(note['created_at']).toBe('2025-06-01T00:00:00Z');
    expect(errors).toEqual([]);
  });
});

