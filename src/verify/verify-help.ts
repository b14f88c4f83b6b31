export const VERIFY_HELP = `Usage: petstore-mock verify <base-url> [options]

Checks a deployment of the API (its base URL, ending in the base path of the document's servers,
e.g. /v1) against the OpenAPI document (3.0, 3.1 or Swagger 2.0) and against the mock made from it.
Every operation: without credentials (401, with WWW-Authenticate where a bearer or basic scheme
implies one), as is, with each parameter at and beyond its bounds and enum, with the body's examples
and without each required property. Then, for every collection the mock keeps state for (the same
rule finds them), what a client relies on: create a record (under a parent the deployment lists,
where the path names one), read it back equal, find it in the list (wrapped and paged lists
included) and in each filter by its own values, update it and read the change back, delete it and
read a 404, and an unknown key (of the key's type) is a 404; each step where the document declares
it. A collection verify cannot drive (a body it cannot make, a parent it cannot find, a credential
not given, a key the document's own path parameter refuses) is reported as not checked, with why.
Requests carry X-Petstore-Verify-Run: <run id>; created records are named
"petstore-mock-verify <run id>" where their schema allows, and deleted at the end where the
document declares a DELETE. A deployment is held to what the document promises: an operation marked
x-not-implemented, or whose body is not JSON, is not checked; a header marked x-mock-only that it
does not send is a warning with the document's reason; a status the document does not declare is
accepted where HTTP implies it (401 without credentials under declared security, 404 for an unknown
key, such as the one verify makes up to act on a record no listing showed, a 4xx for invalid input where no 400 or 422 is declared). One cause is one finding.

Options:
      --token <key>        The token for every scheme of the document that takes one: Authorization:
                           Bearer <key> for OAuth2, OpenID Connect and HTTP bearer, and the key of each
                           API key scheme not given its own --credential (PETSTORE_VERIFY_TOKEN).
      --credential <scheme>=<value>
                           A credential for one security scheme, by its name under
                           components.securitySchemes: an API key (sent in the header, query parameter
                           or cookie the scheme names), a bearer token, or <user>:<password> for HTTP
                           basic. Repeat it for each scheme. --credential <scheme> alone reads
                           PETSTORE_VERIFY_CREDENTIAL_<SCHEME> (capitals, other characters as _).
                           Where an operation allows alternatives, the first verify has every
                           credential for is sent.
                           No credential is printed or written to a report, nor any form of it a
                           deployment echoes (URL-encoded, JSON-escaped, base64 of user:password).
      --path-parameter <name>=<value>
                           The value of a path parameter that names no record verify can list or
                           create, such as a tenant above every collection (Keycloak's
                           --path-parameter realm=master). Repeatable. Default: the parameter's
                           example, else a value of its schema, the same in every request of the run.
      --document <file>    The OpenAPI document. Default: the package's openapi/petstore.yaml.
      --format <format>    text (default), json or junit.
      --output <file>      Write the report to this file instead of standard output.
      --timeout <ms>       Most time one request may take, answer included. Default 5000.
      --read-only          Send only GET requests: nothing that changes the deployment.
      --strict             Warnings fail the run too (exit 1), mock-only headers among them.
      --help               Show this help.

Exit codes: 0 the deployment agrees with the document (warnings allowed), 1 an error (or a warning
with --strict), 2 verify could not run or verified nothing (bad usage, unreachable URL, TLS or DNS
failure, an unusable document, no credentials, a --credential for a scheme the document does not
declare, or every request refused with 401). The last line on standard error says why.`;
