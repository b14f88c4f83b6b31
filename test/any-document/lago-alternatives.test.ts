import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/document/index.js';
import type { Engine } from '../../src/index.js';
import { checkedEngine } from '../support/checked-engine.js';

const DOCUMENT = fileURLToPath(new URL('../documents/findings/lago-alternatives.yaml', import.meta.url));

interface Answer {
  status: number;
  json: unknown;
}

async function call(engine: Engine, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await engine.handle({ method, url: `/api/v1${path}`, headers: { 'content-type': 'application/json', authorization: 'Bearer token', ...headers }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, json: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

describe('a body and an answer that are a oneOf of one record or many (Lago alerts)', () => {
  it('stores the record sent in the one-record envelope at the code sent, and answers it in that envelope', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const sent = { alert_type: 'lifetime_usage_amount', code: 'storage_alert', name: 'Storage', thresholds: [{ value: '10' }] };
    const created = await call(engine, 'POST', '/alerts', { alert: sent });
    expect(created).toMatchObject({ status: 200, json: { alert: sent } });
    expect(await call(engine, 'GET', '/alerts/storage_alert')).toMatchObject({ status: 200, json: { alert: sent } });
    expect(errors).toEqual([]);
  });
});

describe('a key the create requires in a part of an allOf (Lago alert codes)', () => {
  it('is the client’s: the record is read back at the code sent', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    await call(engine, 'POST', '/alerts', { alert: { alert_type: 'current_usage_amount', code: 'usage_alert', thresholds: [] } });
    expect(await call(engine, 'GET', '/alerts/usage_alert')).toMatchObject({ status: 200, json: { alert: { code: 'usage_alert' } } });
    expect(errors).toEqual([]);
  });
});

describe('a key whose item path asks a format its property does not (Lago billing entity codes, format: uuid)', () => {
  it('seeds records whose every key the item path accepts, leaving out the list example whose key it refuses', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const listed = (await call(engine, 'GET', '/billing_entities')).json as { billing_entities: { code: string }[] };
    expect(listed.billing_entities.length).toBeGreaterThan(1);
    expect(listed.billing_entities.map(entity => entity.code)).not.toContain('acme_corp');
    for (const { code } of listed.billing_entities) expect(await call(engine, 'GET', `/billing_entities/${code}`)).toMatchObject({ status: 200, json: { billing_entity: { code } } });
    expect(errors).toEqual([]);
  });
});

describe('a oneOf of string, integer and number generated (Lago event properties)', () => {
  it('answers values that match exactly one alternative, whatever the seed', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
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
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const listed = (await call(engine, 'GET', '/alerts')).json as { alerts: { previous_value: number }[] };
    expect(listed.alerts).toHaveLength(20);
    for (const alert of listed.alerts) expect(Number.isInteger(alert.previous_value)).toBe(false);
    const created = (await call(engine, 'POST', '/alerts', { alert: { alert_type: 'current_usage_amount', code: 'valued', thresholds: [] } })).json as { alert: { previous_value: number } };
    expect(Number.isInteger(created.alert.previous_value)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('a collection whose item path names its key with the record’s noun within (Lago’s {external_customer_id} for external_id)', () => {
  it('keeps customers by external_id: the seeded one is read at its key, a deleted one is a 404', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    expect(await call(engine, 'GET', '/customers/cust_example')).toMatchObject({ status: 200, json: { customer: { external_id: 'cust_example', name: 'Example customer' } } });
    expect((await call(engine, 'POST', '/customers', { customer: { external_id: 'cust_2', name: 'Second' } })).status).toBe(200);
    expect(await call(engine, 'DELETE', '/customers/cust_2')).toMatchObject({ status: 200 });
    expect(await call(engine, 'GET', '/customers/cust_2')).toMatchObject({ status: 404, json: { code: 'customer_not_found' } });
    expect(errors).toEqual([]);
  });
});

describe('a record that names its parent inside an embedded object (Lago’s payment_request.customer.external_id)', () => {
  it('lists a payment request created with external_customer_id under that customer only, its customer object the customer’s', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    await call(engine, 'POST', '/customers', { customer: { external_id: 'cust_2', name: 'Second' } });
    const created = await call(engine, 'POST', '/payment_requests', { payment_request: { external_customer_id: 'cust_example', email: 'billing@example.com' } });
    expect(created).toMatchObject({ status: 200, json: { payment_request: { email: 'billing@example.com', customer: { external_id: 'cust_example', name: 'Example customer' } } } });
    const id = (created.json as { payment_request: { lago_id: string } }).payment_request.lago_id;
    const listed = (customer: string): Promise<string[]> =>
      call(engine, 'GET', `/customers/${customer}/payment_requests`).then(answer => (answer.json as { payment_requests: { lago_id: string; customer: { external_id: string } }[] }).payment_requests.map(each => `${each.customer.external_id}:${each.lago_id}`));
    expect(await listed('cust_example')).toContain(`cust_example:${id}`);
    expect((await listed('cust_example')).every(each => each.startsWith('cust_example:'))).toBe(true);
    expect((await listed('cust_2')).some(each => each.endsWith(id))).toBe(false);
    expect(await call(engine, 'GET', '/customers/nobody/payment_requests')).toMatchObject({ status: 404, json: { code: 'customer_not_found' } });
    expect(errors).toEqual([]);
  });

  it('seeds payment requests under the customers it seeds', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const all = (await call(engine, 'GET', '/payment_requests')).json as { payment_requests: { customer: { external_id: string } }[] };
    expect(all.payment_requests.length).toBeGreaterThan(0);
    expect(all.payment_requests.every(each => each.customer.external_id === 'cust_example')).toBe(true);
    expect(((await call(engine, 'GET', '/customers/cust_example/payment_requests')).json as { payment_requests: unknown[] }).payment_requests).toHaveLength(all.payment_requests.length);
    expect(errors).toEqual([]);
  });
});

describe('a child created under a parent that holds its children (Lago’s plan.charges)', () => {
  it('is held by that parent, so its list under the parent shows it', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const [plan] = ((await call(engine, 'GET', '/plans')).json as { plans: { code: string }[] }).plans;
    if (plan === undefined) throw new Error('no plan seeded');
    expect((await call(engine, 'POST', `/plans/${plan.code}/charges`, { charge: { code: 'storage_charge', charge_model: 'graduated' } })).status).toBe(200);
    const charges = ((await call(engine, 'GET', `/plans/${plan.code}/charges`)).json as { charges: { code: string }[] }).charges;
    expect(charges.map(charge => charge.code)).toContain('storage_charge');
    expect(await call(engine, 'GET', `/plans/${plan.code}`)).toMatchObject({ status: 200, json: { plan: { charges: expect.arrayContaining([expect.objectContaining({ code: 'storage_charge', charge_model: 'graduated' })]) as unknown } } });
    expect(errors).toEqual([]);
  });
});

describe('a create that takes a client key its own item path refuses (Lago billing entity codes, format: uuid)', () => {
  it('is said at start, for that create', async () => {
    const document = await loadDocument(DOCUMENT);
    expect(document.resources.notInferred).toContainEqual({
      operationId: 'createBillingEntity',
      reason: 'its body\'s code takes any string, which /billing_entities/{code} refuses unless it has format: "uuid": a billing_entity created with another is stored and listed, but no read reaches it (its answer has no Location)',
    });
  });

  it('stores and lists such a record, answering no Location, and a Location where the key is one the path takes', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const post = (code: string) => engine.handle({ method: 'POST', url: '/api/v1/billing_entities', headers: { 'content-type': 'application/json', authorization: 'Bearer token' }, body: JSON.stringify({ billing_entity: { code, name: code } }) });
    const refused = await post('acme_corp');
    expect(refused.status).toBe(200);
    expect(refused.headers['location']).toBeUndefined();
    const uuid = '0b6f3c1e-9d2a-4e5f-8a7b-6c5d4e3f2a1b';
    const taken = await post(uuid);
    expect(taken.headers['location']).toBe(`/api/v1/billing_entities/${uuid}`);
    const listed = (await call(engine, 'GET', '/billing_entities')).json as { billing_entities: { code: string }[] };
    expect(listed.billing_entities.map(entity => entity.code)).toEqual(expect.arrayContaining(['acme_corp', uuid]));
    expect(await call(engine, 'GET', `/billing_entities/${uuid}`)).toMatchObject({ status: 200, json: { billing_entity: { code: uuid } } });
    expect(errors).toEqual([]);
  });
});

describe('a create of many records at once (Lago alerts, {alerts: [...]} beside {alert: {...}})', () => {
  it('stores each record and answers them in the many-records envelope', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const sent = [
      { alert_type: 'current_usage_amount', code: 'first_alert', thresholds: [{ value: '5' }] },
      { alert_type: 'lifetime_usage_amount', code: 'second_alert', name: 'Second', thresholds: [] },
    ];
    const created = await call(engine, 'POST', '/alerts', { alerts: sent });
    expect(created).toMatchObject({ status: 200, json: { alerts: [sent[0], sent[1]] } });
    expect(await call(engine, 'GET', '/alerts/first_alert')).toMatchObject({ status: 200, json: { alert: sent[0] } });
    expect(await call(engine, 'GET', '/alerts/second_alert')).toMatchObject({ status: 200, json: { alert: sent[1] } });
    expect(errors).toEqual([]);
  });

  it('stores none of them when one is refused', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    // An empty code is a string the schema takes, and no key the store can keep: the second is refused after the first was stored.
    const refused = await call(engine, 'POST', '/alerts', { alerts: [{ alert_type: 'current_usage_amount', code: 'kept_alert', thresholds: [] }, { alert_type: 'current_usage_amount', code: '', thresholds: [] }] });
    expect(refused).toMatchObject({ status: 422, json: { error: expect.stringContaining('code') as unknown } });
    expect(await call(engine, 'GET', '/alerts/kept_alert')).toMatchObject({ status: 404 });
    expect(((await call(engine, 'GET', '/alerts')).json as { alerts: unknown[] }).alerts).toHaveLength(20);
    expect(errors).toEqual([]);
  });

  it('leaves a record one of them replaced as it was when another is refused', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const kept = { alert_type: 'current_usage_amount', code: 'kept_alert', name: 'As first sent', thresholds: [] };
    expect((await call(engine, 'POST', '/alerts', { alert: kept })).status).toBe(200);
    // The first replaces kept_alert (the document declares no conflict: a create with its code is its replacement); the second is refused.
    const refused = await call(engine, 'POST', '/alerts', { alerts: [{ ...kept, name: 'Replaced' }, { alert_type: 'current_usage_amount', code: '', thresholds: [] }] });
    expect(refused.status).toBe(422);
    expect(await call(engine, 'GET', '/alerts/kept_alert')).toMatchObject({ status: 200, json: { alert: { name: 'As first sent' } } });
    expect(((await call(engine, 'GET', '/alerts')).json as { alerts: unknown[] }).alerts).toHaveLength(21);
    expect(errors).toEqual([]);
  });
});
