import type { OpenAPIV3_1 } from 'openapi-types';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Parameter = OpenAPIV3_1.ParameterObject | OpenAPIV3_1.ReferenceObject;

/**
 * Header parameters OpenAPI says SHALL be ignored (the request's media types and its authorization are
 * said by the operation's bodies and its security): PagerDuty declares `Accept` and `Content-Type` as
 * required header parameters, which Prism would check. Lower case, as Node gives header names.
 */
export const IGNORED_HEADER_PARAMETERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

/**
 * The document without the parameters no request is read by: the path parameters its paths have no
 * slot for (Radarr's `GET /` declares a required `{path}`), with a sentence for each, since Prism
 * would answer every request there 400 "path parameter path is missing", which no request can
 * avoid; and the header parameters OpenAPI says are ignored (`IGNORED_HEADER_PARAMETERS`), without
 * one, as the document is read as OpenAPI says. The rest of the operation is read as written; the
 * document given is never changed, only the path items that held one are copied.
 */
export function withoutUnreadParameters(source: OpenAPIV3_1.Document): { source: OpenAPIV3_1.Document; repairs: string[] } {
  const repairs: string[] = [];
  const paths: Record<string, OpenAPIV3_1.PathItemObject | undefined> = {};
  let changed = false;
  for (const [path, item] of Object.entries(source.paths ?? {})) {
    const slots = new Set([...path.matchAll(/\{([^}]+)\}/g)].map(match => match[1]));
    const fits = (parameter: Parameter): boolean => {
      const read = resolved(source, parameter);
      if (read?.in === 'header') return !IGNORED_HEADER_PARAMETERS.has(read.name.toLowerCase());
      return read?.in !== 'path' || slots.has(read.name);
    };
    const say = (where: string, parameter: Parameter): void => {
      const read = resolved(source, parameter);
      if (read?.in !== 'path') return;
      const name = read.name;
      repairs.push(`$.paths[${JSON.stringify(path)}]${where} declares path parameter ${JSON.stringify(name)}, which its path has no {${name}} for (no request could send it); read without it`);
    };
    const repaired = item === undefined ? item : repairedItem(item, fits, say);
    if (repaired !== item) changed = true;
    paths[path] = repaired;
  }
  return changed ? { source: { ...source, paths }, repairs } : { source, repairs };
}

/** The path item with each list of parameters kept to those that fit; the same object where all fit. */
function repairedItem(item: OpenAPIV3_1.PathItemObject, fits: (parameter: Parameter) => boolean, say: (where: string, parameter: Parameter) => void): OpenAPIV3_1.PathItemObject {
  const kept = (parameters: Parameter[] | undefined, where: string): Parameter[] | undefined => {
    if (parameters === undefined || parameters.every(fits)) return parameters;
    for (const parameter of parameters.filter(candidate => !fits(candidate))) say(where, parameter);
    return parameters.filter(fits);
  };
  let repaired = item;
  const itemParameters = kept(item.parameters, '.parameters');
  if (itemParameters !== item.parameters) repaired = { ...repaired, parameters: itemParameters as Parameter[] };
  for (const method of METHODS) {
    const operation = item[method];
    const parameters = kept(operation?.parameters, `.${method}.parameters`);
    if (operation !== undefined && parameters !== operation.parameters) repaired = { ...repaired, [method]: { ...operation, parameters } };
  }
  return repaired;
}

/** The parameter itself, or the one a local `#/components/parameters/…` reference names. */
function resolved(source: OpenAPIV3_1.Document, parameter: Parameter): OpenAPIV3_1.ParameterObject | undefined {
  if (!('$ref' in parameter)) return parameter;
  const name = /^#\/components\/parameters\/(.+)$/.exec(parameter.$ref)?.[1];
  const target = name === undefined ? undefined : source.components?.parameters?.[name.replaceAll('~1', '/').replaceAll('~0', '~')];
  return target === undefined || '$ref' in target ? undefined : target;
}
