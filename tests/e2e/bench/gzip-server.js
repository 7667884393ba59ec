// A static server for dist/ that compresses what it sends (gzip, as a course site's web server
// would), for the benchmarks' Lighthouse run. It listens on 127.0.0.1, on a free port, prints
// `listening <port>` when ready, and stops on SIGTERM or SIGINT.
//
//   node tests/e2e/bench/gzip-server.js DIR
'use strict';

const http = require('http');
const compression = require('compression');
const serveStatic = require('serve-static');
const finalhandler = require('finalhandler');

const dir = process.argv[2];
if (!dir) {
  console.error('gzip-server: give the directory to serve');
  process.exit(2);
}
// Compress every response that can be (the wasm, the scripts, the page), however small.
const compress = compression({ threshold: 0 });
const serve = serveStatic(dir, { index: ['index.html'] });
const server = http.createServer((req, res) => {
  compress(req, res, () => serve(req, res, finalhandler(req, res)));
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
