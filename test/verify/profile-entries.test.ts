/**
 * What a profile says was observed besides its calibrations, with where each fact came from:
 * a record's field names and types (probe), the SDK's record where none was read (assumption),
 * each refusal's code and details form (probe); no value.
 */
import { describe, expect, it } from 'vitest';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { createDivergentTwin, TWIN_API_KEY } from './divergent-twin.js';

describe('the entries of a profile', () => {
  it('records what was read as field names and types, and says where the SDK record is assumed', async () => {
    // The run and the twin share a virtual clock: the pace costs no real time.
    const clock = createVirtualClock();
    const twin = createDivergentTwin([], { now: clock.now });
    const { profile } = await verifyServiceWithClock(
      {
        baseUrl: 'http://twin.invalid',
        apiKey: TWIN_API_KEY,
        operations: ['clientes.retrieve', 'tareas.list'],
        maxRequestsPerSecond: 50,
        dispatcher: twin.dispatcher,
      },
      clock,
    );
    const entry = (path: string) => profile.entries.find((one) => one.path === path);
    expect(entry('records.tareas.list')).toMatchObject({
      source: 'probe',
      value: expect.objectContaining({ '[].tareaId': 'integer', '[].disparador': 'string' }),
    });
    expect(entry('records.clientes.retrieve')).toEqual({
      path: 'records.clientes.retrieve',
      value: { record: "the SDK's", why: 'no uid in samples, and no earlier read finds one' },
      source: 'assumption',
    });
    expect(entry('refusals.tareas.list.401')).toEqual({
      path: 'refusals.tareas.list.401',
      value: { codigoRespuesta: expect.any(Number), details: 'absent' },
      source: 'probe',
    });
    expect(entry('refusals.clientes.retrieve.400')?.value).toMatchObject({ details: 'list' });
    expect(profile.calibrations).toEqual([]);
  });
});
