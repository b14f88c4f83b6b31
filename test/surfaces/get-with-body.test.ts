import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/server/index.js';

// SES v2's ListImportJobs is a GET whose document requires a JSON body: the server never read a GET's body,
// and refused every such request as missing one ("Request body is required"), verify's included.
const document = {
  openapi: '3.0.3',
  info: { title: 'Import jobs', version: '1' },
  paths: {
    '/import-jobs': {
      get: {
        operationId: 'listImportJobs',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['destination'], properties: { destination: { type: 'string', enum: ['CONTACT_LIST', 'SUPPRESSION_LIST'] } } } } } },
        responses: { '200': { description: 'The jobs', content: { 'application/json': { schema: { type: 'object', properties: { jobs: { type: 'array', items: { type: 'string' } } } } } } } },
      },
    },
  },
};

let server: MockServer;
beforeAll(async () => {
  server = await createMockServer({ port: 0, dashboard: false, document, onRequest: () => undefined, onWarning: () => undefined });
});
afterAll(() => server.close());

/** A GET sent with node:http (fetch sends none with a body). */
function get(path: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(new URL(path, server.url), { method: 'GET', headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, answer => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('a GET whose document requires a body', () => {
  it('reads the body the request declares and checks it', async () => {
    expect((await get('/import-jobs', JSON.stringify({ destination: 'CONTACT_LIST' }))).status).toBe(200);
    const refused = await get('/import-jobs', JSON.stringify({ destination: 'NOWHERE' }));
    expect([refused.status, refused.text]).toEqual([400, expect.stringContaining('destination')]);
  });

  it('still refuses one sent without a body as missing it', async () => {
    const missing = await get('/import-jobs');
    expect([missing.status, missing.text]).toEqual([400, expect.stringContaining('body is required')]);
  });
});
