import { join } from 'node:path';
import { resolveApiUrl } from '../../client/base-url.js';
import { counted } from '../../core/index.js';
import { resolveApiKey } from '../shared/api-key.js';
import { EXIT } from '../shared/exit-codes.js';
import { createOutput } from '../shared/output.js';
import { reportError } from '../shared/report-error.js';
import { serviceClient } from '../shared/service-client.js';
import { parseMcpCommand } from './args.js';
import { mcpHelp } from './help.js';
import { serveHttp } from './http.js';
import { MEMORY_FILE, remembering } from './remembering.js';
import type { ServerContext } from './server.js';
import { keyMask } from './shown.js';
import { stateFolder } from './state-folder.js';
import { serveStdio } from './stdio.js';
import { offeredTools } from './tools.js';

/** The API's address as the client resolves it: the same service however its base URL is written. */
function apiAddress(baseUrl: string): string {
  const { origin, basePath } = resolveApiUrl(baseUrl);
  return `${origin}${basePath}`;
}

function waitForStopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/** `loyalty mcp [options]`: the tools of the key over stdio (until stdin closes) or HTTP (until Ctrl+C). */
export async function mcpCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const command = parseMcpCommand(argv, env);
  if (command === 'help') {
    process.stdout.write(mcpHelp());
    return EXIT.ok;
  }
  // stdout is the protocol's on stdio: everything the command says goes to stderr.
  const output = { ...createOutput(true, env), write: (text: string) => process.stderr.write(`${text}\n`) };
  let context: ServerContext;
  try {
    // The key read once: the client sends it, and the session masks it in all it hands on.
    const apiKey = await resolveApiKey(command.service.apiKeyFile, env);
    const client = await serviceClient(
      { ...command.service, apiKeyFile: undefined },
      { ...env, LOYALTY_API_KEY: apiKey },
    );
    context = {
      client,
      offered: await offeredTools(client, command),
      caps: command.caps,
      mask: keyMask(apiKey),
      ...remembering({
        apiKey,
        service: apiAddress(command.service.baseUrl),
        file: join(stateFolder(env), MEMORY_FILE),
        windowMs: command.replayWindowMs,
        warn: (message) => process.stderr.write(`loyalty mcp: ${message}\n`),
      }),
    };
  } catch (error) {
    return reportError(error, output, command.service.verbose);
  }
  const count = `${counted(context.offered.operations.length, 'tool')} for appId ${context.offered.appId}`;
  if (command.http === undefined) {
    process.stderr.write(`loyalty mcp: ${count} on stdio\n`);
    await serveStdio(context);
    return EXIT.ok;
  }
  const http = await serveHttp(context, command.http);
  process.stdout.write(`loyalty mcp: ${count} at ${http.url}\n`);
  await waitForStopSignal();
  await http.close();
  return EXIT.ok;
}
