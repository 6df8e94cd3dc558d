/** The part of node:crypto used here. */
interface HashMaker {
  createHash(algorithm: 'sha256'): {
    update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string };
  };
}

let nodeCrypto: HashMaker | undefined | null = null;

/**
 * node:crypto, looked up on the first digest, never imported: the main entry must load where there
 * is none (Cloudflare Workers without nodejs_compat), and loading it costs a program that never
 * hashes a key (no limiter, no bulk job) a millisecond or more of its start. Node, Bun and Deno
 * have getBuiltinModule.
 */
function hashMaker(): HashMaker | undefined {
  if (nodeCrypto === null) {
    const runtime = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
    nodeCrypto = runtime.process?.getBuiltinModule?.('node:crypto') as HashMaker | undefined;
  }
  return nodeCrypto;
}

const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Through Web Crypto: every runtime has it, but in Node it costs about 15 µs a digest, node:crypto 1.6 µs. */
export async function sha256HexWeb(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let hex = '';
  for (const byte of digest) hex += HEX[byte];
  return hex;
}

/** Through node:crypto; undefined where there is none. Both encode a lone surrogate as U+FFFD, as UTF-8 must. */
export function sha256HexNode(text: string): string | undefined {
  return hashMaker()?.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The lower-case hex SHA-256 of the UTF-8 of `text`, by the fastest means the runtime has. */
export function sha256Hex(text: string): string | Promise<string> {
  return sha256HexNode(text) ?? sha256HexWeb(text);
}
