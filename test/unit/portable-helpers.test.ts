import { afterEach, describe, expect, it, vi } from 'vitest';
import { utf8Length } from '../../src/engine/http/utf8-length.js';
import { readBody } from '../../src/engine/http/read-body.js';
import { newSessionId, uuidFromRandomBytes } from '../../src/sessions/new-session-id.js';
import { createPetstoreMock } from '../../src/msw/index.js';

describe('what the engine uses in place of Node’s Buffer and crypto.randomUUID', () => {
  it.each(['', 'ascii', 'é', '€uro', '🐶 dog', 'a\ud800b', '\udc00', 'x'.repeat(1000) + '🐈'])('counts the UTF-8 bytes of %j as TextEncoder writes them', text => {
    expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength);
  });

  it('reads a Fetch body through its reader, joining the chunks', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1, 2]));
        controller.enqueue(new Uint8Array([3]));
        controller.close();
      },
    });
    Reflect.defineProperty(stream, Symbol.asyncIterator, { value: undefined });
    expect(await readBody(stream, 10)).toEqual({ body: new Uint8Array([1, 2, 3]), tooLarge: false });
  });

  it('makes version 4 UUIDs from random bytes', () => {
    expect(uuidFromRandomBytes(new Uint8Array(16).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidFromRandomBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
    expect(newSessionId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the persist option outside a browser', () => {
  it.each([['sessionstorage'], ['cookies'], [true]])('refuses persist %j, naming the storages', value => {
    expect(() => createPetstoreMock({ persist: value as 'sessionStorage' })).toThrow(/persist must be 'sessionStorage' or 'localStorage'/);
  });

  it('refuses an empty persistKey', () => {
    expect(() => createPetstoreMock({ persist: 'localStorage', persistKey: '' })).toThrow(/persistKey must be a non-empty string/);
  });

  it('warns that Node has no sessionStorage, and mocks on without keeping the pets', async () => {
    const warnings: string[] = [];
    const mock = createPetstoreMock({ persist: 'sessionStorage', onWarning: message => warnings.push(message) });
    await mock.engine();
    expect(warnings).toEqual([expect.stringMatching(/keeps the pets in the page's sessionStorage, which is not available here/) as string]);
    expect(mock.getState().pets).toHaveLength(20);
  });

  describe('with a sessionStorage', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('discards kept pets that hold a number JSON would read as another, with a warning naming it', async () => {
      const kept = new Map<string, string>();
      vi.stubGlobal('sessionStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => kept.set(key, value), removeItem: (key: string) => kept.delete(key) });
      await createPetstoreMock({ persist: 'sessionStorage' }).setState({ pets: [{ id: 1, name: 'Kept', categoryId: 1 }] });
      const [key, text] = [...kept][0] ?? ['', ''];
      kept.set(key, text.replace('"id":1,', '"id":1.0000000000000000001,'));
      const warnings: string[] = [];
      const mock = createPetstoreMock({ persist: 'sessionStorage', onWarning: message => warnings.push(message) });
      await mock.engine();
      expect(warnings).toEqual([expect.stringMatching(/hold 1\.0000000000000000001 at stores\.0\.pets\.0\.id, which a JavaScript number cannot hold exactly \(it reads 1\); they were discarded/) as string]);
      expect(mock.getState().pets).toHaveLength(20);
    });
  });
});
