/**
 * A profile verify wrote, loaded back the ways a user loads it: the CLI's file reader into
 * `createReferenceServer({ profile })`; `loyalty serve --profile FILE` as the command runs it (its
 * parsing, and the server it makes, listening and closed again: all but the wait for Ctrl+C); and
 * `loyalty verify --plan --profile FILE` run in process (its parsing, and the plan that checks the
 * profile before anything is sent). Resolves to the first refusal's message, or undefined when
 * every way took it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCommand } from '../../src/cli/serve/args.js';
import { readFlagFile } from '../../src/cli/shared/capped-file.js';
import { readProfileFile } from '../../src/cli/verify/profile-file.js';
import { createReferenceServer, type ServiceProfile } from '../../src/server/internal.js';
import { runInProcess } from '../cli/in-process.js';

/** Whether `profile` loads back every way; the message of the first way that refused it. */
export async function profileRefusal(profile: ServiceProfile): Promise<string | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-profile-back-'));
  try {
    const file = join(dir, 'service.profile.json');
    writeFileSync(file, `${JSON.stringify(profile, null, 2)}\n`);
    createReferenceServer({ profile: readProfileFile(file) });
    const serve = parseCommand(['serve', '--port', '0', '--profile', file], readFlagFile);
    if (serve.kind !== 'serve') return 'loyalty serve --profile did not parse as serve';
    const server = createReferenceServer(serve.options);
    await server.listen({ port: 0, host: '127.0.0.1' });
    await server.close();
    const verify = await runInProcess(
      ['verify', '--plan', '--base-url', 'https://profile.example', '--profile', file],
      {},
      undefined,
    );
    return verify.code === 0 ? undefined : `loyalty verify --profile: exit ${verify.code}: ${verify.stderr}`;
  } catch (error) {
    return (error as Error).message;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
