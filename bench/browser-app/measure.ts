// What both benchmark pages do once their worker's handlers are set: the first answer's time from
// navigation start (performance.now()), then the mean of later sequential requests.
import type { RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';

export interface BrowserFigures {
  firstAnswerMs: number;
  /** The first answer's status: not 200 where the page cannot answer (e.g. 500 eval_not_allowed under a strict CSP). */
  firstStatus: number;
  laterRequestMs: number;
}

declare global {
  interface Window {
    benchFigures?: BrowserFigures;
  }
}

const LATER_REQUESTS = 200;
const init = { headers: { authorization: 'Bearer bench' } };

export async function measure(handlers: RequestHandler[]): Promise<void> {
  await setupWorker(...handlers).start({ quiet: true, onUnhandledRequest: 'bypass' });
  const first = await fetch('/v1/pets', init);
  await first.json();
  const firstAnswerMs = performance.now();
  for (let index = 0; index < 20; index++) await (await fetch('/v1/pets', init)).json();
  const started = performance.now();
  for (let index = 0; index < LATER_REQUESTS; index++) await (await fetch('/v1/pets', init)).json();
  window.benchFigures = { firstAnswerMs, firstStatus: first.status, laterRequestMs: (performance.now() - started) / LATER_REQUESTS };
}
