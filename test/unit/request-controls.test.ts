import { describe, expect, it } from 'vitest';
import { isForced, readControls } from '../../src/engine/controls/request-controls.js';

describe('reading a request’s controls', () => {
  it('reads Prism’s preferences from the Prefer header, separated by commas or semicolons', () => {
    expect(readControls('code=404, example="missingPet"; dynamic=false, seed=7, delay=250', {})).toEqual({
      controls: { code: 404, example: 'missingPet', dynamic: false, seed: '7', delay: 250, forcedBy: 'Prefer code=404, Prefer example=missingPet, Prefer dynamic=false, Prefer seed=7' },
    });
  });

  it('falls back to the __code, __example, __dynamic, __seed and __delay query parameters', () => {
    expect(readControls(undefined, { __code: '500', __example: 'internal', __dynamic: 'true', __seed: 's', __delay: '10' })).toEqual({
      controls: { code: 500, example: 'internal', dynamic: true, seed: 's', delay: 10, forcedBy: '__code=500, __example=internal, __dynamic=true, __seed=s' },
    });
  });

  it('lets the header win over its query fallback, one preference at a time', () => {
    expect(readControls('code=404', { __code: '500', __delay: '5' })).toEqual({ controls: { code: 404, delay: 5, forcedBy: 'Prefer code=404' } });
  });

  it('says how the response was forced only when it was', () => {
    expect(readControls('seed=3, delay=5', {})).toEqual({ controls: { seed: '3', delay: 5 } });
  });

  it('ignores preferences it does not know, and ones without a value, as RFC 7240 asks', () => {
    expect(readControls('return=minimal, respond-async, wait=10', {})).toEqual({ controls: {} });
  });

  it.each([
    ['code=4040', /Prefer code must be a three-digit HTTP status such as 404, got "4040"/],
    ['code=099', /Prefer code must be a three-digit/],
    ['dynamic=yes', /Prefer dynamic must be true or false, got "yes"/],
    ['delay=60001', /Prefer delay must be a whole number of milliseconds from 0 to 60000/],
    ['delay=1.5', /Prefer delay must be a whole number/],
    ['example=', /Prefer example must name an example/],
  ])('names the malformed preference in %s', (prefer, message) => {
    const result = readControls(prefer, {});
    expect('problem' in result && result.problem).toMatch(message);
  });

  it('names the query parameter when the fallback is malformed', () => {
    const result = readControls(undefined, { __code: 'teapot' });
    expect('problem' in result && result.problem).toMatch(/^__code must be/);
  });

  it('counts a code, an example or dynamic=true as forcing a response, a delay or a seed alone not', () => {
    expect(isForced({ code: 404 })).toBe(true);
    expect(isForced({ example: 'x' })).toBe(true);
    expect(isForced({ dynamic: true })).toBe(true);
    expect(isForced({ dynamic: false, delay: 5, seed: '1' })).toBe(false);
  });
});
