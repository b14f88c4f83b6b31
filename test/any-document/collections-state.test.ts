import { describe, expect, it } from 'vitest';
import { CORPUS } from '../contract/corpus.js';
import { useSurface } from '../contract/contract-helpers.js';
import type { StoreState } from '../../src/index.js';
import type { CreateSurface } from '../contract/surface.js';
import { createMswSurface } from '../support/msw-surface.js';
import { createServerSurface } from '../support/server-surface.js';

const PETCLINIC = CORPUS.find(document => document.documentPath.endsWith('spring-petclinic-rest.yaml'));
if (!PETCLINIC) throw new Error('The corpus lost Spring PetClinic.');
const { documentPath, basePath, origin } = PETCLINIC;

function describeCollectionsState(surfaceName: string, createSurface: CreateSurface): void {
  describe(`every collection’s state on ${surfaceName}`, () => {
    const surface = useSurface(createSurface, { validateResponses: true });
    const read = async (path: string): Promise<Response> => surface().request('GET', `${basePath}${path}`);

    it('gives every collection’s records by name, and sets the ones a state names, leaving the others', async () => {
      await read('/owners'); // the engine is running: its document is known
      const state = (await surface().controls().getState()) as unknown as Record<string, unknown[]>;
      expect(Object.keys(state).sort()).toEqual(['owners', 'pets', 'pettypes', 'specialties', 'vets', 'visits']);
      const owners = state['owners'];
      expect(owners?.length).toBe(20);
      await surface().controls().setState({ pettypes: [{ id: 7, name: 'ferret' }] } as unknown as StoreState);
      expect(await (await read('/pettypes/7')).json()).toEqual({ id: 7, name: 'ferret' });
      expect((await read('/pettypes/1')).status).toBe(404);
      const after = (await surface().controls().getState()) as unknown as Record<string, unknown[]>;
      expect(after['owners']).toEqual(owners);
      expect(after['pettypes']).toEqual([{ id: 7, name: 'ferret' }]);
    });

    it('refuses a state with a record its schema refuses, or a collection the document has not, and changes nothing', async () => {
      await read('/owners');
      const before = await surface().controls().getState();
      await expect(surface().controls().setState({ owners: [], pettypes: [{ id: 'seven', name: 'ferret' }] } as unknown as StoreState)).rejects.toThrow(/pettypes \[0\]: id must be integer/);
      await expect(surface().controls().setState({ cats: [] } as unknown as StoreState)).rejects.toThrow(/"owners", "pets"/);
      expect(await surface().controls().getState()).toEqual(before);
    });
  });
}

describeCollectionsState('the HTTP server', options => createServerSurface({ ...options, documentPath }));
describeCollectionsState('the MSW handlers', options => createMswSurface({ ...options, documentPath }, origin));
