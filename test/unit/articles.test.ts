import { describe, expect, it } from 'vitest';
import { withArticle } from '../../src/text/index.js';

describe('the article before a collection’s name in a message', () => {
  it('is "an" before a vowel sound: an account, an agent_runner, an update, an order', () => {
    expect(['account', 'agent_runner', 'update', 'order', 'item', 'upload'].map(withArticle)).toEqual(['an account', 'an agent_runner', 'an update', 'an order', 'an item', 'an upload']);
  });

  it('is "a" before a consonant sound, a u said as "you" included: a pet, a user, a unit, a url, a uuid, a one_time_token', () => {
    expect(['pet', 'user', 'unit', 'url', 'uuid', 'one_time_token', 'Deploy'].map(withArticle)).toEqual(['a pet', 'a user', 'a unit', 'a url', 'a uuid', 'a one_time_token', 'a Deploy']);
  });
});
