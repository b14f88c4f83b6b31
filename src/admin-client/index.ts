export { createAdminClient } from './create-admin-client.js';

export type { AdminClient, AdminClientOptions, AdminControls, AdminSession } from './create-admin-client.js';
export type { Call, DeclaredStatus, OverrideOptions, StoreState } from './typed-controls.js';
