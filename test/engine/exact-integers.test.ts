import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';

const answer = (schema: object): object => ({ description: 'ok', content: { 'application/json': { schema } } });
/** `litters` is an integer with no `int64` format: nothing but the mock's own check keeps 2^53 + 2 out of it. */
const PET = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' }, litters: { type: 'integer' }, weight: { type: 'number' } } };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Litters', version: '1.0.0' },
  servers: [{ url: 'http://localhost/v1' }],
  paths: {
    '/pets': {
      get: { operationId: 'listPets', responses: { '200': answer({ type: 'array', items: PET }) } },
      post: { operationId: 'createPet', requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '201': answer(PET) } },
    },
  },
};
const HUGE = 2 ** 53 + 2;

describe('integers given in code that a JavaScript number does not hold exactly', () => {
  it('refuses them in setState, naming the pet and field, and keeps the pets it had', async () => {
    const mock = createPetstoreMock({ document: DOCUMENT, pets: 2 });
    await mock.engine();
    const before = mock.getState();
    await expect(mock.setState({ pets: [{ id: 1, name: 'Rex', litters: HUGE } as never] })).rejects.toThrow(/pets\[0\] \(id 1\): litters is 9007199254740994, beyond ±\(2\^53 − 1\)/);
    expect(mock.getState()).toEqual(before);
  });

  it('refuses them in initialPets, naming the pet and field', async () => {
    await expect(createEngine({ document: DOCUMENT, initialPets: [{ id: 1, name: 'Rex', litters: -HUGE }] })).rejects.toThrow(/initialPets pets\[0\] \(id 1\): litters is -9007199254740994/);
  });

  it('refuses them in an override’s body, which would answer another number', async () => {
    const mock = createPetstoreMock({ document: DOCUMENT });
    await expect(mock.override('listPets', { status: 200, body: [{ id: 1, name: 'Rex', litters: HUGE }] } as never)).rejects.toThrow(/body 0\.litters is 9007199254740994, beyond ±\(2\^53 − 1\)/);
    expect(mock.overrides()).toEqual([]);
  });

  it.each([
    ['litters', Number.POSITIVE_INFINITY],
    ['weight', Number.NEGATIVE_INFINITY],
    ['weight', Number.NaN],
  ] as const)('refuses %s %s in setState, which JSON would write as null, and keeps the pets it had', async (field, value) => {
    const mock = createPetstoreMock({ document: DOCUMENT, pets: 2 });
    await mock.engine();
    const before = mock.getState();
    await expect(mock.setState({ pets: [{ id: 1, name: 'Rex', [field]: value } as never] })).rejects.toThrow(
      new RegExp(`pets\\[0\\] \\(id 1\\): ${field} is ${String(value)}, which JSON cannot write \\(it would be null\\)`),
    );
    expect(mock.getState()).toEqual(before);
  });

  it('refuses Infinity anywhere in an override’s body, even where the schema says nothing, as the answer would carry null', async () => {
    const mock = createPetstoreMock({ document: DOCUMENT });
    await expect(mock.override('listPets', { status: 200, body: [{ id: 1, name: 'Rex', weight: Number.POSITIVE_INFINITY }] } as never)).rejects.toThrow(/body 0\.weight is Infinity, which JSON cannot write \(it would be null\)/);
    await expect(mock.override('listPets', { status: 200, body: [{ id: 1, name: 'Rex', notes: { score: Number.NaN } }] } as never)).rejects.toThrow(/body 0\.notes\.score is NaN, which JSON cannot write \(it would be null\)/);
    expect(mock.overrides()).toEqual([]);
  });

  it('stores the largest integers it holds exactly, as given', async () => {
    const mock = createPetstoreMock({ document: DOCUMENT });
    const pets = [{ id: 1, name: 'Rex', litters: Number.MAX_SAFE_INTEGER }, { id: 2, name: 'Max', litters: Number.MIN_SAFE_INTEGER }];
    await mock.setState({ pets: pets as never });
    expect(mock.getState()).toEqual({ pets });
  });
});
