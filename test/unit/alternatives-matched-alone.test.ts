import { describe, expect, it } from 'vitest';
import { alternativesMatchedAlone, type JsonSchema } from '../../src/document/index.js';

const reference = (type: string): JsonSchema => ({ allOf: [{ type: 'object', required: ['type', 'id'], properties: { id: { type: 'string' }, type: { type: 'string' } } }, { type: 'object', properties: { type: { type: 'string', enum: [type] } } }] });
const anyReference: JsonSchema = { type: 'object', required: ['type', 'id'], properties: { id: { type: 'string', example: 'P1' }, type: { type: 'string' } } };

describe("a oneOf's alternatives a value can match alone", () => {
  it('leave out an integer beside a plain number, which takes in every integer', () => {
    const integer: JsonSchema = { type: 'integer' };
    const number: JsonSchema = { type: 'number' };
    expect(alternativesMatchedAlone([{ type: 'string' }, integer, number])).toEqual([{ type: 'string' }, number]);
  });

  it('leave out objects another object accepts whole: it requires no more, and each property it lists takes in theirs', () => {
    const user = reference('user_reference');
    const account = reference('account_reference');
    expect(alternativesMatchedAlone([user, anyReference, account])).toEqual([anyReference]);
  });

  it('keep objects told apart only by what they list or require: a value made from the wider one would often be the other\'s too', () => {
    const optional: JsonSchema = { type: 'object', properties: { id: { type: 'string' } } };
    const requiring: JsonSchema = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
    const closed: JsonSchema = { ...requiring, additionalProperties: false };
    const listingMore: JsonSchema = { type: 'object', properties: { id: { type: 'string' }, kind: { type: 'string' } } };
    expect(alternativesMatchedAlone([optional, requiring])).toEqual([optional, requiring]);
    expect(alternativesMatchedAlone([closed, listingMore])).toEqual([closed, listingMore]);
  });

  it('keep both where the wider one requires what the other may leave out, or lists what it holds with another type', () => {
    const typeOptional: JsonSchema = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, type: { type: 'string', enum: ['user_reference'] } } };
    const numbered: JsonSchema = { type: 'object', required: ['type', 'id'], properties: { id: { type: 'integer' }, type: { type: 'string', enum: ['user_reference'] } } };
    expect(alternativesMatchedAlone([typeOptional, anyReference])).toEqual([typeOptional, anyReference]);
    expect(alternativesMatchedAlone([numbered, anyReference])).toEqual([numbered, anyReference]);
  });

  it("keep a string beside a nullable one, and any beside {} (a value made from the wider one would most often be the other's too)", () => {
    expect(alternativesMatchedAlone([{ type: 'string', nullable: true }, { type: 'string' }])).toEqual([{ type: 'string', nullable: true }, { type: 'string' }]);
    expect(alternativesMatchedAlone([{ type: 'string' }, {}])).toEqual([{ type: 'string' }, {}]);
  });

  it('take in a nullable property of the wider object, which only widens it', () => {
    const wider: JsonSchema = { ...anyReference, properties: { ...anyReference.properties, id: { type: 'string', nullable: true } } };
    expect(alternativesMatchedAlone([reference('user_reference'), wider])).toEqual([wider]);
  });

  it('keep both where the wider one gives, as its example or default, a value the other holds to', () => {
    const exampled: JsonSchema = { ...anyReference, properties: { ...anyReference.properties, type: { type: 'string', example: 'user_reference' } } };
    const defaulted = { ...anyReference, properties: { ...anyReference.properties, type: { type: 'string', default: 'user_reference' } } } as JsonSchema;
    expect(alternativesMatchedAlone([reference('user_reference'), exampled])).toHaveLength(2);
    expect(alternativesMatchedAlone([reference('user_reference'), defaulted])).toHaveLength(2);
  });

  it('compare schemas that share their parts once a pair, seven levels of sixteen properties each referring to the next level', () => {
    const chain = (leaf: JsonSchema): JsonSchema => {
      let level: JsonSchema = leaf;
      for (let depth = 0; depth < 7; depth++) level = { type: 'object', properties: Object.fromEntries(Array.from({ length: 16 }, (_, index) => [`p${index}`, level])) };
      return level;
    };
    const narrower: JsonSchema = { type: 'object', required: ['type', 'id'], properties: { id: { type: 'string' }, type: { type: 'string', enum: ['user_reference'] }, tree: chain({ type: 'string', enum: ['x'] }) } };
    const wider: JsonSchema = { type: 'object', required: ['type', 'id'], properties: { id: { type: 'string' }, type: { type: 'string' }, tree: chain({ type: 'string' }) } };
    expect(alternativesMatchedAlone([narrower, wider])).toEqual([wider]);
  });
});
