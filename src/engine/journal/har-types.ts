// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the parts the journal's export writes.

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: { mimeType: string; text: string };
  headersSize: -1;
  /** Bytes of the body; 0 without one, -1 when the journal cut it. */
  bodySize: number;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  /** `size` is -1 when the journal cut the body. */
  content: { size: number; mimeType: string; text?: string };
  redirectURL: string;
  headersSize: -1;
  bodySize: number;
}

export interface HarEntry {
  startedDateTime: string;
  /** Milliseconds: the delay the mock held the answer back (its own work is not timed). */
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: { send: 0; wait: number; receive: 0 };
  _operationId: string | null;
  _session: string | null;
  _reason: string | null;
  _control: 'forced' | 'fault' | 'override' | null;
  /** Which bodies the journal cut (over 4,096 characters): they are left out of the export. */
  _bodyCut: { request: boolean; response: boolean };
  /** The limit that refused the request (`maxStoredBytes`, `maxPets`, `bodyLimit`, …), or null. */
  _limit: string | null;
  /** True when the journal cut the URL's path short (an entry over 64 KiB). */
  _pathCut: boolean;
  /** HAR's free text: which limit refused the request, and what the journal cut; absent when neither. */
  comment?: string;
}

/** The journal as a HAR 1.2 log: Chrome DevTools (Network → Import HAR), Playwright's `routeFromHAR`, and other HAR readers take it. */
export interface Har {
  log: {
    version: '1.2';
    creator: { name: 'petstore-mock'; version: string };
    entries: HarEntry[];
  };
}
