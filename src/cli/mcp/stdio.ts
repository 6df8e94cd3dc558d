import { createSessionServer, type ServerContext } from './server.js';
import { BoundedStdioTransport } from './stdio-transport.js';

/** One session over stdin and stdout until the client closes stdin. Nothing else may write to stdout. */
export async function serveStdio(context: ServerContext): Promise<void> {
  const server = createSessionServer(context);
  // The transport closes when stdin ends.
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new BoundedStdioTransport());
  await closed;
}
