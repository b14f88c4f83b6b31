import { extensionsOf, type JsonObject } from './schemas.js';
import { isJsonObject } from '../../json-values/index.js';

/** Swagger 2.0's OAuth2 `flow` names, as OpenAPI 3's `flows` keys, with the URLs each takes. */
const FLOWS: Readonly<Record<string, { readonly name: string; readonly urls: readonly string[] }>> = {
  implicit: { name: 'implicit', urls: ['authorizationUrl'] },
  password: { name: 'password', urls: ['tokenUrl'] },
  application: { name: 'clientCredentials', urls: ['tokenUrl'] },
  accessCode: { name: 'authorizationCode', urls: ['authorizationUrl', 'tokenUrl'] },
};

/**
 * A security definition as OpenAPI 3 writes the scheme: `basic` as HTTP basic, `apiKey` as it
 * was, `oauth2` with its one `flow` under `flows` (`application` is `clientCredentials`,
 * `accessCode` is `authorizationCode`). Its description and `x-` extensions are kept.
 */
export function toSecurityScheme(definition: unknown): unknown {
  if (!isJsonObject(definition)) return definition;
  const { type, description } = definition;
  const kept: JsonObject = { ...(description !== undefined && { description }), ...extensionsOf(definition) };
  switch (type) {
    case 'basic':
      return { type: 'http', scheme: 'basic', ...kept };
    case 'apiKey':
      return { type: 'apiKey', name: definition['name'], in: definition['in'], ...kept };
    case 'oauth2': {
      const flow = FLOWS[String(definition['flow'])];
      if (!flow) return { type: 'oauth2', flows: {}, ...kept };
      const urls = Object.fromEntries(flow.urls.map(url => [url, definition[url]]));
      return { type: 'oauth2', flows: { [flow.name]: { ...urls, scopes: isJsonObject(definition['scopes']) ? definition['scopes'] : {} } }, ...kept };
    }
    default:
      return definition;
  }
}
