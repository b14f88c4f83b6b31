import type { MockServer } from '../../src/index.js';

/** Resolves once the server has read the head of `count` more requests: then they are in flight, whatever the machine's load. */
export function requestsReceived(mock: MockServer, count: number): Promise<void> {
  return new Promise(resolve => {
    let seen = 0;
    const onRequest = (): void => {
      if (++seen < count) return;
      mock.server.off('request', onRequest);
      resolve();
    };
    mock.server.on('request', onRequest);
  });
}
