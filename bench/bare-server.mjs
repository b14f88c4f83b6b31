// The baseline: a bare node:http server answering GET /v1/pets with a fixed JSON array, nothing else.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2] ?? '', 'utf8');
const port = Number(process.argv[3] ?? 4010);
createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}).listen(port, '127.0.0.1');
