import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

const DOCUMENT = fileURLToPath(new URL('../documents/findings/lago-alternatives.yaml', import.meta.url));

interface Answer {
  status: number;
  json: unknown;
}

/** An engine that checks its own answers against the document, and the errors it reported. */
async function checkedEngine(): Promise<{ engine: Engine; errors: string[] }> {
  const errors: string[] = [];
  const engine = await createEngine({ documentPath: DOCUMENT, validateResponses: true, onError: message => errors.push(message), seed: 7 });
  return { engine, errors };
}

async function call(engine: Engine, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await engine.handle({ method, url: `/api/v1${path}`, headers: { 'content-type': 'application/json', authorization: 'Bearer token', ...headers }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, json: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

describe('a body and an answer that are a oneOf of one record or many (Lago alerts)', () => {
  it('stores the record sent in the one-record envelope at the code sent, and answers it in that envelope', async () => {
    const { engine, errors } = await checkedEngine();
    const sent = { alert_type: 'lifetime_usage_amount', code: 'storage_alert', name: 'Storage', thresholds: [{ value: '10' }] };
    const created = await call(engine, 'POST', '/alerts', { alert: sent });
    expect(created).toMatchObject({ status: 200, json: { alert: sent } });
    expect(await call(engine, 'GET', '/alerts/storage_alert')).toMatchObject({ status: 200, json: { alert: sent } });
    expect(errors).toEqual([]);
  });
});

describe('a key the create requires in a part of an allOf (Lago alert codes)', () => {
  it('is the client’s: the record is read back at the code sent', async () => {
    const { engine, errors } = await checkedEngine();
    await call(engine, 'POST', '/alerts', { alert: { alert_type: 'current_usage_amount', code: 'usage_alert', thresholds: [] } });
    expect(await call(engine, 'GET', '/alerts/usage_alert')).toMatchObject({ status: 200, json: { alert: { code: 'usage_alert' } } });
    expect(errors).toEqual([]);
  });
});

describe('a key whose item path asks a format its property does not (Lago billing entity codes, format: uuid)', () => {
  it('seeds records whose every key the item path accepts, leaving out the list example whose key it refuses', async () => {
    const { engine, errors } = await checkedEngine();
    const listed = (await call(engine, 'GET', '/billing_entities')).json as { billing_entities: { code: string }[] };
    expect(listed.billing_entities.length).toBeGreaterThan(1);
    expect(listed.billing_entities.map(entity => entity.code)).not.toContain('acme_corp');
    for (const { code } of listed.billing_entities) expect(await call(engine, 'GET', `/billing_entities/${code}`)).toMatchObject({ status: 200, json: { billing_entity: { code } } });
    expect(errors).toEqual([]);
  });
});

describe('a oneOf of string, integer and number generated (Lago event properties)', () => {
  it('answers values that match exactly one alternative, whatever the seed', async () => {
    const { engine, errors } = await checkedEngine();
    const body = { events: [{ transaction_id: 'tr_1', code: 'storage' }] };
    for (let seed = 1; seed <= 12; seed += 1) {
      const answer = await call(engine, 'POST', '/events/batch', body, { prefer: `seed=${seed}` });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    }
    expect(errors).toEqual([]);
  });
});

describe('a record property that is a oneOf of integer and number (integer first)', () => {
  it('seeds every record with a value only number matches, and assigns one on create', async () => {
    const { engine, errors } = await checkedEngine();
    const listed = (await call(engine, 'GET', '/alerts')).json as { alerts: { previous_value: number }[] };
    expect(listed.alerts).toHaveLength(20);
    for (const alert of listed.alerts) expect(Number.isInteger(alert.previous_value)).toBe(false);
    const created = (await call(engine, 'POST', '/alerts', { alert: { alert_type: 'current_usage_amount', code: 'valued', thresholds: [] } })).json as { alert: { previous_value: number } };
    expect(Number.isInteger(created.alert.previous_value)).toBe(false);
    expect(errors).toEqual([]);
  });
});
