import { describeAnimalStoreContract } from './contract/animal-store.contract.js';
import { createMswSurface } from './support/msw-surface.js';

describeAnimalStoreContract('the MSW handlers', options => createMswSurface(options));
