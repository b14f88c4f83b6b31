import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { documentFromSource } from '../../src/document/index.js';
import { createEngine, type Engine } from '../../src/index.js';
import { CORPUS } from '../contract/corpus.js';

const PETCLINIC = CORPUS.find(document => document.documentPath.endsWith('spring-petclinic-rest.yaml'));
if (!PETCLINIC) throw new Error('The corpus lost Spring PetClinic.');
const { documentPath, basePath } = PETCLINIC;

type Json = Record<string, unknown>;
interface Clinic {
  owners: { id: number }[];
  pets: { id: number; name: string; ownerId: number }[];
  visits: { id: number; petId: number }[];
}

async function call(engine: Engine, method: string, url: string, options: { body?: unknown; session?: string } = {}): Promise<{ status: number; json: Json }> {
  const headers: Record<string, string> = { authorization: 'Bearer test', 'content-type': 'application/json', ...(options.session !== undefined && { 'x-petstore-session': options.session }) };
  const response = await engine.handle({ method, url, headers, ...(options.body !== undefined && { body: JSON.stringify(options.body) }) });
  return { status: response.status, json: response.body ? (JSON.parse(response.body) as Json) : {} };
}

const stateOf = async (engine: Engine, session?: string): Promise<Clinic> => (await call(engine, 'GET', '/__admin/state', { ...(session !== undefined && { session }) })).json as unknown as Clinic;

/** An owner's pets as an answer embeds them (ids, names, each pet's visit ids), and as the stores hold them, read from `/__admin/state` (the stores' every record, in order). */
function embeddedPets(owner: Json): unknown[] {
  return (owner['pets'] as Json[]).map(pet => ({ id: pet['id'], name: pet['name'], visits: (pet['visits'] as Json[]).map(visit => visit['id']) }));
}
function heldPets(state: Clinic, ownerId: number): unknown[] {
  return state.pets.filter(pet => pet.ownerId === ownerId).map(pet => ({ id: pet.id, name: pet.name, visits: state.visits.filter(visit => visit.petId === pet.id).map(visit => visit.id) }));
}

/**
 * Reads every owner's embedded pets three ways (the owner, the owner in a page of `/v2/owners`, each
 * pet by its nested path with its visits), twice so that the second read may be a remembered answer,
 * and checks each against the stores' records.
 */
async function expectEmbedsAsHeld(engine: Engine, when: string, session?: string): Promise<void> {
  const state = await stateOf(engine, session);
  const on = { ...(session !== undefined && { session }) };
  for (let round = 0; round < 2; round++) {
    const page = (await call(engine, 'GET', `${basePath}/v2/owners?page=0&size=100`, on)).json['content'] as Json[];
    expect(page.map(owner => owner['id']), when).toEqual(state.owners.map(owner => owner.id));
    for (const owner of state.owners) {
      const read = await call(engine, 'GET', `${basePath}/owners/${owner.id}`, on);
      expect(embeddedPets(read.json), `${when}: owner ${owner.id}`).toEqual(heldPets(state, owner.id));
      expect(embeddedPets(page.find(each => each['id'] === owner.id) ?? {}), `${when}: owner ${owner.id} in a page`).toEqual(heldPets(state, owner.id));
    }
    for (const pet of state.pets) {
      const read = await call(engine, 'GET', `${basePath}/owners/${pet.ownerId}/pets/${pet.id}`, on);
      expect((read.json['visits'] as Json[]).map(visit => visit['id']), `${when}: pet ${pet.id}`).toEqual(state.visits.filter(visit => visit.petId === pet.id).map(visit => visit.id));
    }
  }
}

describe("records embedded in another's answers (an owner's pets) and nested reads, after every kind of write", () => {
  it('answer as the stores hold them after creates, updates, removals, a state replaced, a reset, another session and a new document', async () => {
    const engine = await createEngine({ documentPath, onWarning: () => undefined });
    await expectEmbedsAsHeld(engine, 'at start');
    const [first, second] = (await stateOf(engine)).owners;
    if (!first || !second) throw new Error('PetClinic started with fewer than two owners.');

    const created = await call(engine, 'POST', `${basePath}/owners/${first.id}/pets`, { body: { name: 'Indexed', birthDate: '2020-01-01', type: { id: 1, name: 'cat' } } });
    expect(created.status).toBe(201);
    const petId = created.json['id'] as number;
    expect((await call(engine, 'POST', `${basePath}/owners/${first.id}/pets/${petId}/visits`, { body: { date: '2024-01-01', description: 'first' } })).status).toBe(201);
    await expectEmbedsAsHeld(engine, 'after a pet and a visit were created');

    const pet = (await call(engine, 'GET', `${basePath}/pets/${petId}`)).json;
    expect((await call(engine, 'PUT', `${basePath}/pets/${petId}`, { body: { name: 'Renamed', birthDate: pet['birthDate'], type: pet['type'] } })).status).toBeLessThan(300);
    await expectEmbedsAsHeld(engine, 'after a pet was updated');

    const [removed] = (await stateOf(engine)).pets;
    expect((await call(engine, 'DELETE', `${basePath}/pets/${removed?.id ?? 0}`)).status).toBeLessThan(300);
    await expectEmbedsAsHeld(engine, 'after a pet was removed');

    // Every pet of the first owner moved to the second, in the order given.
    const held = await stateOf(engine);
    const moved = held.pets.map(each => (each.ownerId === first.id ? { ...each, ownerId: second.id } : each)).reverse();
    expect((await call(engine, 'PUT', '/__admin/state', { body: { pets: moved } })).status).toBe(200);
    await expectEmbedsAsHeld(engine, 'after the state was replaced');

    // Another session's writes are its own.
    expect((await call(engine, 'POST', `${basePath}/owners/${second.id}/pets`, { body: { name: 'Elsewhere', birthDate: '2020-01-01', type: { id: 1, name: 'cat' } }, session: 'other' })).status).toBe(201);
    await expectEmbedsAsHeld(engine, 'in another session', 'other');
    await expectEmbedsAsHeld(engine, 'beside another session');

    expect((await call(engine, 'POST', '/__admin/reset')).status).toBe(204);
    await expectEmbedsAsHeld(engine, 'after a reset');

    expect((await call(engine, 'POST', `${basePath}/owners/${second.id}/pets`, { body: { name: 'Before reload', birthDate: '2020-01-01', type: { id: 1, name: 'cat' } } })).status).toBe(201);
    const source = parse(readFileSync(documentPath, 'utf8')) as { info: Json };
    source.info['version'] = '2.0.0';
    await engine.replaceDocumentInSteps(await documentFromSource(source));
    await expectEmbedsAsHeld(engine, 'after a new document');
  });
});
