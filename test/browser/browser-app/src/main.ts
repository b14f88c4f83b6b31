// The app the browser tests build from the packed package with Vite, as a client team's would be:
// `setupWorker(...createPetstoreMock().handlers)`. The tests drive it through `window.petstoreTest`.
import { setupWorker } from 'msw/browser';
import { buildPets } from 'petstore-mock/fixtures';
import { createPetstoreMock, isAdminError, type PetstoreMock, type PetstoreMockOptions } from 'petstore-mock/msw';
import { petstoreStoryLoader, type PetstoreStoryParameters } from 'petstore-mock/storybook';

/** A response as plain data, to cross from the page to the test. */
export interface SeenResponse {
  status: number;
  headers: [string, string][];
  body: string | null;
}

/** An `AdminError` as plain data, to cross from the page to the test. */
export interface RefusedControl {
  message: string;
  status: number;
  code: string | null;
  body: unknown;
}

const worker = setupWorker();
const reportedErrors: string[] = [];
const warnings: string[] = [];
let mock: PetstoreMock | undefined;
let started = false;

function current(): PetstoreMock {
  if (!mock) throw new Error('start() the mock first.');
  return mock;
}

const harness = {
  /**
   * A fresh mock with `options`, its handlers the worker's (the worker starts on the first call). Its
   * errors and warnings are collected for the tests, or with `toConsole` left to the mock's defaults.
   */
  async start(options: PetstoreMockOptions = {}, toConsole = false): Promise<void> {
    const reporters: PetstoreMockOptions = toConsole ? {} : { onError: message => reportedErrors.push(message), onWarning: message => warnings.push(message) };
    mock = createPetstoreMock({ ...options, ...reporters });
    worker.resetHandlers(...mock.handlers);
    if (!started) {
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } });
      started = true;
    }
    await mock.engine();
  },
  async request(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<SeenResponse> {
    const response = await fetch(path, { method, ...(init.headers && { headers: init.headers }), ...(init.body !== undefined && { body: init.body }) });
    return { status: response.status, headers: [...response.headers], body: response.body === null ? null : await response.text() };
  },
  reset: (session?: string) => current().reset(session),
  requests: (session?: string) => current().requests(session),
  /**
   * A control of the mock (no session) or of a session, by name, with its arguments. A refusal comes
   * back as data: only its message would cross `page.evaluate` as a thrown error.
   */
  async control(session: string | undefined, name: string, args: unknown[]): Promise<{ value: unknown } | { refused: RefusedControl }> {
    const target = (session === undefined ? current() : current().openSession(session)) as unknown as Record<string, (...given: unknown[]) => unknown>;
    const control = target[name];
    if (typeof control !== 'function') throw new Error(`No control ${name}.`);
    try {
      return { value: await control.apply(target, args) };
    } catch (error) {
      if (!isAdminError(error)) throw error;
      return { refused: { message: error.message, status: error.status, code: error.code, body: error.body } };
    }
  },
  /**
   * One of the calls above, by name, with what the mock reported meanwhile: one `page.evaluate`
   * where the call and `drainReported` took two. A thrown error comes back as data ("Name: message").
   */
  async reporting(name: 'start' | 'request' | 'reset' | 'requests' | 'control', args: unknown[]): Promise<{ value: unknown; reported: string[] } | { thrown: string; reported: string[] }> {
    try {
      const value: unknown = await (harness[name] as (...given: unknown[]) => Promise<unknown>)(...args);
      return { value, reported: reportedErrors.splice(0) };
    } catch (error) {
      return { thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error), reported: reportedErrors.splice(0) };
    }
  },
  openSessionId: () => current().openSession().id,
  /** What the mock reported since the last call (errors) and its warnings. */
  drainReported: () => reportedErrors.splice(0),
  drainWarnings: () => warnings.splice(0),
  /** The story loader of petstore-mock/storybook, as Storybook would call it before a story. */
  loadStory: (parameters: { petstore?: PetstoreStoryParameters }) => petstoreStoryLoader(current())({ parameters }),
  buildPets,
};
declare global {
  interface Window {
    petstoreTest: typeof harness;
  }
}
window.petstoreTest = harness;
const status = document.querySelector('#status');
if (status) status.textContent = 'ready';
