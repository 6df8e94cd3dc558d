/**
 * The hostile server's answers, generated as they are sent: no large body is ever held whole, and
 * writing stops the moment the client goes away.
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, gzipSync } from 'node:zlib';

const CHUNK = Buffer.alloc(256 * 1024, 'a');
const META = '"meta":{"requestId":"req-hostile","appId":1,"scope":null}';
const HEAD = Buffer.from('{"codigoRespuesta":0,"msj":"OK","data":{"uid":"cli_0001","pad":"');
const TAIL = Buffer.from(`"},${META}}`);

/** A success envelope whose `data.pad` makes the whole answer exactly `total` bytes. */
export function* paddedEnvelope(total: number): Generator<Buffer> {
  yield HEAD;
  let pad = total - HEAD.length - TAIL.length;
  while (pad > 0) {
    const piece = Math.min(pad, CHUNK.length);
    yield piece === CHUNK.length ? CHUNK : CHUNK.subarray(0, piece);
    pad -= piece;
  }
  yield TAIL;
}

/** The start of a success envelope whose `data.pad` never ends. */
export function* endlessEnvelope(): Generator<Buffer> {
  yield HEAD;
  for (;;) yield CHUNK;
}

/** A success envelope whose `data.pad` is `bytes` long, to be sent one byte at a time. */
export function* dripEnvelope(bytes: number): Generator<Buffer> {
  yield HEAD;
  const byte = CHUNK.subarray(0, 1);
  for (let sent = 0; sent < bytes; sent++) yield byte;
  yield TAIL;
}

const gone = (res: ServerResponse) => res.destroyed || res.writableEnded;

/** Resolves on the next `drain` or when the client is gone, whichever comes first. */
function drainedOrGone(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Waits `ms`, or less when the client goes away meanwhile. */
function pauseOrGone(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on('close', done);
  });
}

/** Nothing for `ms`, then `body` whole, unless the client went away meanwhile. */
export async function lateAnswer(res: ServerResponse, ms: number, body: string): Promise<void> {
  await pauseOrGone(res, ms);
  if (!gone(res)) res.writeHead(200, { 'content-type': 'application/json' }).end(body);
}

/** Writes `chunks` with backpressure (and `everyMs` between them), until they end or the client leaves. */
export async function stream(res: ServerResponse, chunks: Iterable<Buffer>, everyMs = 0): Promise<void> {
  for (const chunk of chunks) {
    if (gone(res)) return;
    if (!res.write(chunk)) await drainedOrGone(res);
    if (everyMs > 0) await pauseOrGone(res, everyMs);
  }
  if (!gone(res)) res.end();
}

/** What the bombs expand to. */
export const BOMB_BYTES = 2 ** 30;

function* zeros(total: number, size: number): Generator<Buffer> {
  const chunk = Buffer.alloc(size);
  for (let sent = 0; sent < total; sent += size) yield chunk;
}

let brotli: Promise<Buffer> | undefined;

/** 1 GiB of zeros as brotli (about 1.6 KB), compressed once per process from a streamed source. */
export function brotliBomb(): Promise<Buffer> {
  brotli ??= (async () => {
    const parts: Buffer[] = [];
    const compress = createBrotliCompress({
      params: {
        // Quality 5 makes the same 1.6 KB as 11 in a fortieth of the time.
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: BOMB_BYTES,
      },
    });
    for await (const part of Readable.from(zeros(BOMB_BYTES, 16 * 2 ** 20)).pipe(compress)) parts.push(part);
    return Buffer.concat(parts);
  })();
  return brotli;
}

let gzip: Buffer | undefined;

/**
 * 1 GiB of zeros as gzip (about 1 MB): one member of 16 MiB repeated, which every gzip decoder
 * reads as one body (RFC 1952, 2.2), in milliseconds instead of seconds of deflating.
 */
export function gzipBomb(): Buffer {
  const member = 16 * 2 ** 20;
  gzip ??= Buffer.concat(Array(BOMB_BYTES / member).fill(gzipSync(Buffer.alloc(member), { level: 9 })));
  return gzip;
}

const envelope = (data: string, meta = META) => `{"codigoRespuesta":0,"msj":"OK","data":${data},${meta}}`;

/** A success envelope whose data nests `depth` arrays. */
export function deepJson(depth: number): string {
  return envelope(`{"uid":"cli_0001","nested":${'['.repeat(depth)}${']'.repeat(depth)}}`);
}

/** A success envelope of numbers no double holds: out of range, and 100,000 digits long. */
export function hugeNumbers(): string {
  return envelope(
    `{"uid":"cli_0001","puntos":1e999999,"saldo":${'9'.repeat(100_000)},"deuda":-1e400,"tasa":1e-400}`,
  );
}

/** A success envelope around `data` that hands the key back as its request id. */
export function echoEnvelope(key: string, data: unknown): string {
  return envelope(JSON.stringify(data), `"meta":{"requestId":${JSON.stringify(key)},"appId":1,"scope":null}`);
}

/** The key split by a NUL after its 20th character, as a parser that stops there would cut it. */
export const splitKey = (key: string): string => `${key.slice(0, 20)}\0${key.slice(20)}`;

/** An answer whose JSON breaks at the NUL inside the key (a raw control character in a string). */
export function nulJson(key: string): string {
  return `{"codigoRespuesta":0,"msj":"apikey ${splitKey(key)} OK","data":{"uid":"cli_0001"}`;
}

/** An answer whose HTTP breaks at the NUL inside the key, in a header value. */
export function nulHttp(key: string): string {
  const body = envelope('{"uid":"cli_0001"}');
  return [
    'HTTP/1.1 200 OK',
    'Content-Type: application/json',
    `X-Echo-Apikey: ${splitKey(key)}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** A success envelope around `data`, as the served document and the other origin answer. */
export const success = (data: unknown): string =>
  JSON.stringify({
    codigoRespuesta: 0,
    msj: 'OK',
    data,
    meta: { requestId: 'req-hostile', appId: 1, scope: null },
  });
