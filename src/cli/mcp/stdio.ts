import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createSessionServer, type ServerContext } from './server.js';

/** One session over stdin and stdout until the client closes stdin. Nothing else may write to stdout. */
export async function serveStdio(context: ServerContext): Promise<void> {
  const server = createSessionServer(context);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once('end', () => void server.close());
  });
  await server.connect(new StdioServerTransport());
  await closed;
}
