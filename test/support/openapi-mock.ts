/**
 * openapi-mock-express-middleware (a devDependency) on our OpenAPI document, in an Express app of
 * its own process (openapi-mock-server.mjs): it checks each request against the document (400
 * where it breaks it), takes any key, and answers the operation's 200 with values json-schema-faker
 * draws per request, seeded so that a run is the same each time.
 */
import { fileURLToPath } from 'node:url';
import { type RunningMock, startMockProcess } from './mock-process.js';

const SERVER = fileURLToPath(new URL('./openapi-mock-server.mjs', import.meta.url));

/** The seed of the server's draws: the same values on every run, so the findings are the same. */
export const OPENAPI_MOCK_SEED = 45;

export function startOpenApiMock(file: string): Promise<RunningMock> {
  return startMockProcess({
    name: 'openapi-mock-express-middleware',
    args: (port) => [SERVER, file, String(port), String(OPENAPI_MOCK_SEED)],
  });
}
