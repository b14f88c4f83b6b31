/**
 * `noun` after the indefinite article it takes, by how it is most likely said: `an account`, `an
 * agent_runner`, `an update`, but `a user`, `a unit`, `a url`, `a uuid`, `a pet`. Names of a
 * document's collections are read out in messages this way.
 */
export function withArticle(noun: string): string {
  const saidWithYou = /^(?:u[bcdfghjklmnpqrstvwxz][aeiouy]|ur[il]|uu|eu|one)/i.test(noun);
  return `${!saidWithYou && /^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
