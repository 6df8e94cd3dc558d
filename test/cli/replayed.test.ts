/**
 * A write sent again with its key is answered with its first answer and applies nothing; the
 * service marks it `Idempotent-Replayed: true`, and the command says so instead of looking like a
 * new write.
 */
import { describe, expect, it } from 'vitest';
import { loyalty, serverForCli } from './cli-harness.js';

const { server, env } = await serverForCli({ seed: 'empty' });

describe('loyalty <write> --idempotency-key K, sent twice', () => {
  const uid = server.admin.createCustomer({ puntos: 100 });
  const add = (key: string, ...extra: string[]) =>
    loyalty(['clientes', 'puntos', 'add', uid, '--puntos', '5', '--idempotency-key', key, ...extra], env);

  it('the second says "replayed: nothing applied again" on stderr with the key; the first says nothing of it', async () => {
    const first = await add('replay-cli-0001');
    const second = await add('replay-cli-0001');
    expect(first.stderr).toBe('');
    expect(second.stderr).toBe(
      'replayed: nothing applied again (the key replay-cli-0001 was used before; this is its first answer)\n',
    );
    expect(second.stdout).toBe(first.stdout);
    expect(second.code).toBe(0);
    expect(server.admin.customer(uid)?.puntos).toBe(105);
  });

  it('with --with-response, the JSON says replayed: false, then true', async () => {
    const first = await add('replay-cli-0002', '--with-response');
    const second = await add('replay-cli-0002', '--with-response');
    expect(JSON.parse(first.stdout)).toMatchObject({ replayed: false, idempotencyKey: 'replay-cli-0002' });
    expect(JSON.parse(second.stdout)).toMatchObject({ replayed: true, idempotencyKey: 'replay-cli-0002' });
  });

  it("with --verbose, the SDK's log line of the second answer says it was replayed", async () => {
    await add('replay-cli-0003');
    const second = await add('replay-cli-0003', '--verbose');
    expect(second.stderr).toContain(
      'loyalty-sdk <- 200 clientes.puntos.add (replayed: nothing applied again)',
    );
  });
});
