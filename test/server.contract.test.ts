import { describeTestControlsContract } from './contract/test-controls.contract.js';
import { describeAdminContract } from './contract/admin.contract.js';
import { describeAnimalStoreContract } from './contract/animal-store.contract.js';
import { describeControlsContract } from './contract/controls.contract.js';
import { createServerSurface } from './support/server-surface.js';

describeAnimalStoreContract('the HTTP server', createServerSurface);
describeControlsContract('the HTTP server', createServerSurface);
describeAdminContract('the HTTP server', createServerSurface);
describeTestControlsContract('the HTTP server', createServerSurface);
