export const VERIFY_HELP = `Usage: petstore-mock verify <base-url> [options]

Checks a deployment of the Animal Store API (its base URL, ending in /v1) against the OpenAPI
document and against the mock made from it: every operation without credentials (401, an Error
body, WWW-Authenticate), as is, with each parameter at and beyond its bounds and enum, with the
body's examples and without each required property; then what a client relies on: create a pet,
read it back equal, find it in the list, filter by its status, and an unknown id is a 404.
Requests carry X-Petstore-Verify-Run: <run id>; created pets are named "petstore-mock-verify <run id>".
A deployment is held to what the document promises: an operation marked x-not-implemented (its
shape unknown) is reported as not checked, and a header marked x-mock-only that it does not send is
a warning with the document's reason. One cause is one finding, with the other requests after it.

Options:
      --token <key>        Bearer token for the deployment (PETSTORE_VERIFY_TOKEN). Never printed
                           or written to a report, nor is any form of it a deployment echoes
                           (URL-encoded, JSON-escaped, base64 of user:token).
      --document <file>    The OpenAPI document. Default: the package's openapi/petstore.yaml.
      --format <format>    text (default), json or junit.
      --output <file>      Write the report to this file instead of standard output.
      --timeout <ms>       Most time one request may take, answer included. Default 5000.
      --read-only          Send only GET requests: nothing that changes the deployment.
      --strict             Warnings fail the run too (exit 1), mock-only headers among them.
      --help               Show this help.

Exit codes: 0 the deployment agrees with the document (warnings allowed), 1 an error (or a warning
with --strict), 2 verify could not run or verified nothing (bad usage, unreachable URL, TLS or DNS
failure, an unusable document, no token, or every request refused with 401). The last line on
standard error says why.`;
