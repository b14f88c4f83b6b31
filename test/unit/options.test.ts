import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli/index.js';
import { createEngine, createMockServer, type EngineOptions } from '../../src/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';
import { OPTION_RULES } from '../../src/options/index.js';

/** Options a JavaScript caller (no type checker) might pass. */
const untyped = (options: unknown): EngineOptions => options as EngineOptions;

describe('the options every surface checks with one set of rules', () => {
  it.each([
    [{ now: 'garbage' }, /^\[petstore-mock\] now must be a date such as 2031-01-01 or 2031-01-01T12:00:00Z, got "garbage"\.$/],
    [{ seed: 'x' }, /^\[petstore-mock\] seed must be a whole number from 0 to 9007199254740991, got "x"\.$/],
    [{ pets: -1 }, /pets must be a whole number from 0 to 100000, got -1/],
    [{ pets: 50, maxPets: 10 }, /pets \(50\) must not exceed maxPets \(10\)/],
    [{ apiKeys: ['ok', ''] }, /apiKeys must each be a non-blank token without spaces .*entry 2 of 2 is ""/],
    [{ apiKeys: 'secret' }, /apiKeys must be a list/],
    [{ adminToken: ' ' }, /adminToken must be a non-blank token/],
    [{ adminOrigins: ['localhost:6006'] }, /adminOrigins must each be an origin/],
    [{ delay: { min: 400, max: 100 } }, /delay must be milliseconds .* the lower bound first, got \{"min":400,"max":100\}/],
    [{ faultRate: 2 }, /faultRate must be a share from 0 to 1/],
    [{ defaultStatus: 'lost' }, /defaultStatus must be one of the document's statuses \(available, pending, sold\) or none/],
    [{ journalSize: 1.5 }, /journalSize must be a whole number/],
  ])('refuses %j when the MSW mock is created, not on its first request', (options, message) => {
    expect(() => createPetstoreMock(untyped(options))).toThrow(message);
  });

  it('refuses them when an engine or a server is created, naming the option key', async () => {
    await expect(createEngine(untyped({ maxSessions: 0 }))).rejects.toThrow(/^\[petstore-mock\] maxSessions must be a whole number from 1 to 100000, got 0\.$/);
    await expect(createMockServer(untyped({ port: -1 }))).rejects.toThrow(/^\[petstore-mock\] port must be a whole number from 0 to 65535, got -1\.$/);
    await expect(createMockServer(untyped({ host: '' }))).rejects.toThrow(/host must be an address/);
  });

  it('accepts what the README documents', () => {
    expect(() => createPetstoreMock({ seed: 7, pets: 0, now: '2031-01-01', delay: { min: 0, max: 10 }, apiKeys: ['a'], adminToken: 't', adminOrigins: ['http://localhost:6006'], defaultStatus: null })).not.toThrow();
    expect(() => createPetstoreMock({ now: new Date(0) })).not.toThrow();
    expect(() => createPetstoreMock({ now: Date.UTC(2031, 0, 1) })).not.toThrow();
  });

  it('names every flag and its environment variable in --help', () => {
    const flagged = Object.values(OPTION_RULES).filter(each => each.flag !== '');
    expect(flagged.length).toBeGreaterThan(10);
    for (const rule of flagged) {
      expect(HELP).toContain(rule.flag);
      expect(HELP).toContain(rule.env);
    }
  });
});
