// The admin endpoints outside the API's base path (WireMock's /__admin/...) and the rules on which web pages may call them.
export { ADMIN_METHODS, ADMIN_PREFIX, createAdminEndpoints, limitThatRefused } from './admin-endpoints.js';
export { foreignOriginResponse, judgeAdminOrigin } from './admin-origin.js';
export { ANY_HOST, createAdminHostCheck, hostNotAllowedResponse, hostOfOrigin } from './admin-host.js';
export { answerDashboard, DASHBOARD_PATHS } from './dashboard-page.js';
export { describeOperations } from './describe-operations.js';
export type { AdminFacts, MockSettings } from './admin-endpoints.js';
export type { AdminHostCheck } from './admin-host.js';
export type { OperationSummary } from './describe-operations.js';
