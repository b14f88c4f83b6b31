import type { JournalEntry } from '../../src/index.js';

/** The admin endpoints of a mock at `origin`, as the HTTP surfaces' reset and journal use them. */
export function createAdminClient(origin: string, adminToken: string | undefined) {
  const send = async (method: string, path: string, session: string | undefined, expected: number): Promise<Response> => {
    const headers: Record<string, string> = {};
    if (adminToken !== undefined) headers['authorization'] = `Bearer ${adminToken}`;
    if (session !== undefined) headers['x-petstore-session'] = session;
    const response = await fetch(`${origin}${path}`, { method, headers });
    if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  return {
    reset: async (session?: string): Promise<void> => {
      await send('POST', '/__admin/reset', session, 204);
    },
    requests: async (session?: string): Promise<JournalEntry[]> =>
      ((await (await send('GET', '/__admin/requests', session, 200)).json()) as { requests: JournalEntry[] }).requests,
  };
}
