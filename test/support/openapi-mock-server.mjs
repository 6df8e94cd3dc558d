// openapi-mock-express-middleware (a devDependency) mounted at the root of an Express app, as its
// README shows, on a document read from a file: `node openapi-mock-server.mjs FILE PORT SEED`
// listens on 127.0.0.1:PORT. The document is passed as an object, so the middleware watches no
// folder. Every optional field is made (its README's advanced options): left out at random,
// `data` included, the findings would follow the draw rather than the mock's rules. Its values
// come from json-schema-faker drawing on Math.random, seeded here so that a run is the same each
// time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [file = '', port, seed] = process.argv.slice(2);

/** mulberry32: a small seeded generator in [0, 1). */
let state = Number(seed) >>> 0;
Math.random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

// The Express the middleware is built on (its own dependency), loaded after the seed is in place.
const require = createRequire(import.meta.url);
const middleware = require.resolve('openapi-mock-express-middleware');
const express = createRequire(middleware)('express');
const { createMockMiddleware } = require(middleware);

const app = express();
app.use(
  createMockMiddleware({
    spec: JSON.parse(readFileSync(file, 'utf8')),
    options: { alwaysFakeOptionals: true },
  }),
);
app.listen(Number(port), '127.0.0.1');
