export { createMockServer, DEFAULT_HOST, DEFAULT_PORT } from './create-mock-server.js';
export type { MockServer, MockServerOptions, RequestLogEntry } from './create-mock-server.js';
