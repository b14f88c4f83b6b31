import { describeTestControlsContract } from './test-controls.contract.js';
import { describeAdminContract } from './admin.contract.js';
import { describeAnimalStoreContract } from './animal-store.contract.js';
import { describeControlsContract } from './controls.contract.js';
import { createServerSurface } from '../support/server-surface.js';

describeAnimalStoreContract('the HTTP server', createServerSurface);
describeControlsContract('the HTTP server', createServerSurface);
describeAdminContract('the HTTP server', createServerSurface);
describeTestControlsContract('the HTTP server', createServerSurface);
