/** The part of node:crypto used here. */
interface HashMaker {
  createHash(algorithm: 'sha256'): {
    update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string };
  };
}

// Looked up at run time, never imported: the main entry must load where there is no node:crypto
// (Cloudflare Workers without nodejs_compat). Node, Bun and Deno have getBuiltinModule.
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as HashMaker | undefined;

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
  return nodeCrypto?.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The lower-case hex SHA-256 of the UTF-8 of `text`, by the fastest means the runtime has. */
export function sha256Hex(text: string): string | Promise<string> {
  return sha256HexNode(text) ?? sha256HexWeb(text);
}
