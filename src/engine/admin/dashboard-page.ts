import type { MockResponse } from '../types.js';

/** Where the page and its two assets are served. */
export const DASHBOARD_PATHS = { page: '/__admin/', script: '/__admin/dashboard.js', style: '/__admin/dashboard.css', icon: '/__admin/favicon.svg' } as const;

/**
 * No script but the page's own, no style but its own, requests to the mock alone, no framing: a name
 * or a body sent by a client can be shown, never run.
 */
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>petstore-mock: what the mock saw</title>
<link rel="stylesheet" href="dashboard.css">
<link rel="icon" href="favicon.svg">
<script type="module" src="dashboard.js"></script>
</head>
<body>
<header>
  <h1>petstore-mock</h1>
  <p id="settings" aria-live="polite">Loading the mock's settings…</p>
  <p id="limits">What clients hold, against the mock's limits: loading…</p>
</header>
<form id="token-form" hidden>
  <p>This mock wants its admin token (<code>--admin-token</code>). It is kept in this tab only and sent as a bearer header.</p>
  <label for="token">Admin token</label>
  <input id="token" type="password" autocomplete="off" required>
  <button type="submit">Use token</button>
  <p id="token-problem" role="alert"></p>
</form>
<main>
  <section aria-labelledby="requests-title">
    <h2 id="requests-title">Requests <span id="live" class="muted">(live)</span></h2>
    <div class="filters">
      <label>Session <select id="filter-session"><option value="*">All</option><option value="">Default</option></select></label>
      <label>Operation <select id="filter-operation"><option value="*">All</option></select></label>
      <label>Status <select id="filter-status"><option value="*">All</option><option value="2">2xx</option><option value="4">4xx</option><option value="5">5xx</option></select></label>
      <button id="clear-journal" type="button">Clear journal</button>
      <a id="download-har" class="button" href="requests.har" download="petstore-mock.har">Download HAR</a>
    </div>
    <p id="requests-empty" class="muted">No requests yet. Send one to the mock and it appears here.</p>
    <ol id="requests" reversed></ol>
  </section>
  <aside>
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <ul id="sessions"></ul>
    </section>
    <section aria-labelledby="records-title">
      <h2 id="records-title">Records <span id="records-session" class="muted"></span></h2>
      <p id="records-empty" class="muted">"Show records" on a session shows each collection's records here.</p>
      <div id="records"></div>
    </section>
    <section aria-labelledby="controls-title">
      <h2 id="controls-title">Test controls</h2>
      <fieldset>
        <legend>Session the controls act on</legend>
        <label for="control-session">Session</label>
        <input id="control-session" type="text" autocomplete="off" spellcheck="false" aria-describedby="control-session-hint control-session-error">
        <p id="control-session-hint" class="muted">Empty: the default session. "Show records" picks one.</p>
        <p id="control-session-error" class="field-error"></p>
      </fieldset>
      <form id="override-form" novalidate>
        <fieldset>
          <legend>Script an override</legend>
          <label for="override-operation">Operation</label>
          <select id="override-operation" aria-describedby="override-operation-error"></select>
          <p id="override-operation-error" class="field-error"></p>
          <label for="override-status">Status</label>
          <select id="override-status" aria-describedby="override-status-error"></select>
          <p id="override-status-error" class="field-error"></p>
          <label for="override-times">Times (optional; empty: until cleared)</label>
          <input id="override-times" type="text" inputmode="numeric" autocomplete="off" aria-describedby="override-times-error">
          <p id="override-times-error" class="field-error"></p>
          <label for="override-body">Body (optional JSON; empty: the document's example)</label>
          <textarea id="override-body" rows="3" spellcheck="false" aria-describedby="override-body-error"></textarea>
          <p id="override-body-error" class="field-error"></p>
          <button id="override-submit" type="submit">Set override</button>
        </fieldset>
        <p id="override-message" role="status" aria-live="polite"></p>
      </form>
      <h3 id="overrides-title" tabindex="-1">Overrides set <span id="overrides-session" class="muted"></span></h3>
      <p id="overrides-empty" class="muted">None.</p>
      <ul id="overrides" aria-labelledby="overrides-title"></ul>
      <form id="state-form" novalidate>
        <fieldset>
          <legend>Replace the session's records</legend>
          <label for="state-records">Records (JSON, as GET /__admin/state gives them: each collection's under its name)</label>
          <textarea id="state-records" rows="10" spellcheck="false" aria-describedby="state-records-error"></textarea>
          <p id="state-records-error" class="field-error"></p>
          <button id="state-submit" type="submit">Replace records</button>
          <button id="state-reload" type="button">Reload from the mock</button>
        </fieldset>
        <p id="state-message" role="status" aria-live="polite"></p>
      </form>
    </section>
  </aside>
</main>
</body>
</html>
`;

const STYLE = `:root { font: 15px/1.45 system-ui, sans-serif; color: #1b1b1b; background: #fafafa; }
body { margin: 0 auto; max-width: 1400px; padding: 0 1rem 2rem; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1.5rem; border-bottom: 1px solid #ccc; }
h1 { font-size: 1.3rem; margin: .8rem 0; } h2 { font-size: 1.1rem; margin: 1rem 0 .5rem; }
main { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 1.5rem; }
@media (max-width: 800px) { main { grid-template-columns: minmax(0, 1fr); } }
.muted { color: #595959; font-weight: normal; }
.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin-bottom: .5rem; }
select, button, input { font: inherit; padding: .2rem .5rem; }
button { cursor: pointer; }
:focus-visible { outline: 3px solid #1a56db; outline-offset: 2px; }
#requests { list-style: none; padding: 0; margin: 0; }
#requests > li { border: 1px solid #ddd; border-left-width: 6px; background: #fff; margin-bottom: .4rem; padding: .35rem .6rem; }
#requests > li.status-2 { border-left-color: #2e7d32; } #requests > li.status-4 { border-left-color: #b26a00; } #requests > li.status-5 { border-left-color: #c62828; }
.summary { display: flex; flex-wrap: wrap; gap: 0 .8rem; align-items: baseline; overflow-wrap: anywhere; }
.status { font-weight: bold; } .path { font-family: ui-monospace, monospace; }
.tag { border: 1px solid #777; border-radius: 3px; padding: 0 .3rem; font-size: .85rem; }
.reasons { margin: .3rem 0 0; padding-left: 1.2rem; }
.reason { margin: .3rem 0 0; }
h3 { font-size: .9rem; margin: .4rem 0 0; }
.answer-body { display: block; font-family: ui-monospace, monospace; background: #f2f2f2; padding: .4rem; white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0 0; }
a.button { color: inherit; border: 1px solid #767676; border-radius: 2px; padding: .2rem .5rem; text-decoration: none; background: #efefef; }
pre { background: #f2f2f2; padding: .4rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0 0; }
#sessions { list-style: none; padding: 0; margin: 0; }
#sessions li { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin-bottom: .3rem; overflow-wrap: anywhere; }
fieldset { border: 1px solid #ccc; margin: .6rem 0; padding: .3rem .8rem .6rem; display: grid; gap: .2rem; justify-items: start; }
fieldset label { margin-top: .3rem; } fieldset p { margin: .1rem 0; } textarea { font: .9rem/1.3 ui-monospace, monospace; width: 100%; box-sizing: border-box; }
.field-error { color: #b00020; margin: 0; overflow-wrap: anywhere; } .field-error:empty { display: none; }
[aria-invalid="true"] { border: 2px solid #b00020; }
#overrides { padding-left: 1.2rem; } #overrides li { margin-bottom: .3rem; overflow-wrap: anywhere; } #overrides button { margin-left: .5rem; }
[role="status"] { overflow-wrap: anywhere; } h3 { font-size: 1rem; margin: .8rem 0 .3rem; }
table { border-collapse: collapse; width: 100%; margin-bottom: .6rem; } caption { text-align: left; font-weight: bold; padding: .3rem 0; } th, td { text-align: left; border-bottom: 1px solid #ddd; padding: .2rem .4rem; overflow-wrap: anywhere; }
#token-form { border: 2px solid #1a56db; padding: .5rem 1rem; margin: 1rem 0; background: #fff; }
`;

// Its own icon, so that the browser asks for no /favicon.ico, which the journal would list as a request to the API's host.
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#1a56db"/></svg>';

/** The dashboard's answers: the page, its style, and its script (built from `dashboard/client.ts`). Undefined for other paths. */
export function answerDashboard(path: string, script: string): MockResponse | undefined {
  if (path === DASHBOARD_PATHS.page) return asset(PAGE, 'text/html; charset=utf-8');
  if (path === DASHBOARD_PATHS.style) return asset(STYLE, 'text/css; charset=utf-8');
  if (path === DASHBOARD_PATHS.script) return asset(script, 'text/javascript; charset=utf-8');
  if (path === DASHBOARD_PATHS.icon) return asset(ICON, 'image/svg+xml');
  return undefined;
}

function asset(body: string, contentType: string): MockResponse {
  return { status: 200, headers: { 'content-type': contentType, ...SECURITY_HEADERS }, body };
}
