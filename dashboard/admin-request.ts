// The controls' requests to the admin API, through the page's own request (token, session header); a refusal read as the mock's own message.

/** A request to the admin API as the page makes it (its token, the session header); undefined after a 401, when the page asks for the token. */
export type AdminRequest = (path: string, init?: RequestInit, session?: string | null) => Promise<Response | undefined>;

/** The outcome of one control: the answer when it was taken, else the sentence to show. */
export type Sent = { ok: true; response: Response } | { ok: false; message: string };

/** Sends one admin request and reads a refusal as the mock's own message. */
export async function send(admin: AdminRequest, path: string, init: RequestInit, session: string | null): Promise<Sent> {
  let response: Response | undefined;
  try {
    response = await admin(path, init, session);
  } catch (error) {
    return { ok: false, message: `The browser could not send it: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!response) return { ok: false, message: 'The mock wants its admin token: give it above, then try again.' };
  if (response.ok) return { ok: true, response };
  return { ok: false, message: await readMessage(response) };
}

async function readMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not the mock's Error body: say what came back instead.
  }
  return `The mock answered ${response.status}.`;
}

/** `{"pets": ...}` as the body of a JSON request. */
export function jsonInit(method: string, body: string): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body };
}

/** `the default session` or `session shard-1`, for messages. */
export function sessionName(session: string | null): string {
  return session === null ? 'the default session' : `session ${session}`;
}
