/**
 * The journal keeps request bodies now: its memory bound, measured. A fresh server (journal of
 * 1,000 entries) is sent 1,000 creates of ~1 KB bodies, then 2,000 more: the ring is full after
 * the first 1,000, so the resident memory after 3,000 shows whether it stays bounded.
 */
import { readFile } from 'node:fs/promises';
import { freePort, startProcess, waitForOk } from './support.js';

const HEADERS = { authorization: 'Bearer bench', 'content-type': 'application/json' };

export interface JournalFigures {
  idleRss: number;
  fullRss: number;
  afterMoreRss: number;
}

export async function measureJournalMemory(): Promise<JournalFigures> {
  const port = await freePort();
  // Stores big enough for every create: the figure is the journal's, not a 507's.
  const server = startProcess(process.execPath, ['dist/cli.js', '--port', String(port), '--log-level', 'silent', '--max-pets', '10000']);
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForOk(`${origin}/v1/pets`, HEADERS);
    const idleRss = await rssOf(server.child.pid);
    const send = async (count: number, offset: number): Promise<void> => {
      for (let index = 0; index < count; index++) {
        // Fields NewPet does not declare are dropped from the pet, not from the journal: ~1 KB each.
        const body = JSON.stringify({ name: `Journal ${offset + index}`, categoryId: 1, notes: 'n'.repeat(950) });
        const response = await fetch(`${origin}/v1/pets`, { method: 'POST', headers: HEADERS, body });
        if (response.status !== 201) throw new Error(`A create answered ${response.status}.`);
        await response.arrayBuffer();
      }
    };
    await send(1_000, 0);
    const journal = (await (await fetch(`${origin}/__admin/requests`)).json()) as { requests: { body: unknown }[] };
    if (journal.requests.length !== 1_000 || journal.requests.some(entry => entry.body === null)) throw new Error('The journal does not hold 1,000 bodies.');
    const fullRss = await rssOf(server.child.pid);
    await send(2_000, 1_000);
    return { idleRss, fullRss, afterMoreRss: await rssOf(server.child.pid) };
  } finally {
    await server.stop();
  }
}

async function rssOf(pid: number | undefined): Promise<number> {
  await new Promise(resolve => setTimeout(resolve, 500));
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) * 1024;
}
