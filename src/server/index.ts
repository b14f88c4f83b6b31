export { createMockServer, DEFAULT_HOST, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_INFLIGHT_BYTES, DEFAULT_PORT, DEFAULT_REQUEST_TIMEOUT } from './create-mock-server.js';
export type { MockServer, MockServerOptions, RequestLogEntry } from './create-mock-server.js';
