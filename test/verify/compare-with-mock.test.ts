import { describe, expect, it } from 'vitest';
import type { Answer } from '../../src/verify/answer.js';
import { compareWithMock } from '../../src/verify/compare-with-mock.js';
import type { OperationModel } from '../../src/verify/read-operations.js';

const OPERATION = { operationId: 'listPlanets', responses: [] } as unknown as OperationModel;
const answer = (value: unknown): Answer => ({ status: 200, headers: {}, text: JSON.stringify(value), tooLarge: false, json: { value } });
const shapeCheck = (deployment: unknown, mock: unknown) => compareWithMock(OPERATION, answer(deployment), answer(mock)).find(each => each.check === 'mock-body-shape');

describe('the deployment’s body beside the mock’s', () => {
  it('takes a null on either side for data, not another shape: the last page’s next link, an object left null and what it holds', () => {
    expect(shapeCheck({ meta: { next: null } }, { meta: { next: 'https://galaxy.example/planets?offset=10' } })?.outcome).toBe('passed');
    expect(shapeCheck({ data: [{ id: 1, image: null }] }, { data: [{ id: 1, image: { url: 'https://x', width: 4 } }] })?.outcome).toBe('passed');
    expect(shapeCheck({ data: [{ id: 1, image: { url: 'https://x' } }] }, { data: [{ id: 1, image: null }] })?.outcome).toBe('passed');
  });

  it('still warns of a value of another type and of a property one side lacks', () => {
    expect(shapeCheck({ id: '1' }, { id: 1 })).toMatchObject({ outcome: 'warning', message: "The body's shape differs from the mock's: /id is string, the mock's number." });
    expect(shapeCheck({ id: 1 }, { id: 1, name: 'Mars' })).toMatchObject({ outcome: 'warning', message: "The body's shape differs from the mock's: /name missing." });
  });
});
