/** The problems less every `format` complaint about a field that already has a `type` complaint: it says nothing new. */
export function withoutFormatBesideType<T>(problems: readonly T[], keywordOf: (problem: T) => string, pathOf: (problem: T) => string): T[] {
  const typed = new Set(problems.filter(problem => keywordOf(problem) === 'type').map(pathOf));
  return problems.filter(problem => !(keywordOf(problem) === 'format' && typed.has(pathOf(problem))));
}
