import { createServer } from 'node:net';

/** A port free on 127.0.0.1 a moment ago, for a process that must be told its port (one that prints no `ready on` line). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once `url` answers 2xx (polled every 25 ms, 5 s at most). */
export async function waitUntilAnswering(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const ok = await fetch(url).then(response => response.ok, () => false);
    if (ok) return;
    await new Promise(resolve => setTimeout(resolve, 25));
  }
  throw new Error(`${url} never answered.`);
}
