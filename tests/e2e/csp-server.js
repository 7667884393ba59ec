// A tiny static file server that sends a Content-Security-Policy header with every response,
// for security.spec.js (and for trying a policy by hand). Node only, no dependencies.
//
//   node csp-server.js DIR [--port N] [--csp POLICY]
//
// Without --csp it serves the policy for DIR's build (the base policy plus the sha256 of every
// inline <script> in DIR/index.html, exactly what scripts/csp.sh prints). It listens on
// 127.0.0.1 (port 0 = any free port) and prints "listening on http://127.0.0.1:PORT/".
//
// As a module: startServer({ dir, csp }) → Promise<{ url, origin, close() }>, plus
// inlineScriptHashes(html), policyFor(html) and BASE_POLICY.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const BASE_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The 'sha256-…' source of every inline <script> (one without a src attribute) in `html`, in
 * document order: base64 of the SHA-256 of the script's text exactly as written (UTF-8), which
 * is what the browser hashes.
 */
function inlineScriptHashes(html) {
  const hashes = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  let m;
  while ((m = re.exec(html)) !== null) {
    if (/(^|\s)src\s*=/i.test(m[1])) continue;
    const digest = crypto.createHash('sha256').update(m[2], 'utf8').digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/** The policy header: the base policy, with `hashes` appended to script-src. */
function policyWith(hashes) {
  const directives = { ...BASE_POLICY, 'script-src': [...BASE_POLICY['script-src'], ...hashes] };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The policy for a build whose index.html is `html`. */
function policyFor(html) {
  return policyWith(inlineScriptHashes(html));
}

/** Serves `dir` on 127.0.0.1:`port` (0 = a free port) with the header `csp` on every response. */
function startServer({ dir, csp, port = 0 }) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const headers = { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' };
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400, headers).end('bad request');
      return;
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.join(root, pathname);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403, headers).end('forbidden');
      return;
    }
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      const type = TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
      res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${server.address().port}`;
      resolve({
        url: `${origin}/`,
        origin,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

module.exports = { BASE_POLICY, inlineScriptHashes, policyWith, policyFor, startServer };

if (require.main === module) {
  const args = process.argv.slice(2);
  let dir = null;
  let port = 0;
  let csp = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--port') port = Number(args[++i]);
    else if (args[i] === '--csp') csp = args[++i];
    else if (!dir) dir = args[i];
    else {
      console.error(`unexpected argument: ${args[i]}`);
      process.exit(2);
    }
  }
  if (!dir || !Number.isInteger(port) || port < 0) {
    console.error('usage: node csp-server.js DIR [--port N] [--csp POLICY]');
    process.exit(2);
  }
  if (csp === null) csp = policyFor(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'));
  startServer({ dir, csp, port }).then(
    ({ url }) => {
      console.log(`listening on ${url}`);
      console.log(`Content-Security-Policy: ${csp}`);
    },
    (err) => {
      console.error(err.message);
      process.exit(1);
    }
  );
}
