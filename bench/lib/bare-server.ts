// The baseline: a bare node:http server answering every request with the catalogue's exact bytes.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, port] = process.argv.slice(2);
if (!bodyFile || !port) throw new Error('usage: bare-server.ts <body-file> <port>');
const body = readFileSync(bodyFile);

createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
