import { describeTestControlsContract } from './test-controls.contract.js';
import { describeAnimalStoreContract } from './animal-store.contract.js';
import { describeControlsContract } from './controls.contract.js';
import { createMswSurface } from '../support/msw-surface.js';

describeAnimalStoreContract('the MSW handlers', options => createMswSurface(options));
describeControlsContract('the MSW handlers', options => createMswSurface(options));
describeTestControlsContract('the MSW handlers', options => createMswSurface(options));
