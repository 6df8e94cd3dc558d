import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEnvelope } from '../../src/operations/envelope.js';
import { envelopeSchema } from '../../src/operations/public.js';

const META = { requestId: 'r-1', appId: 7, scope: 'puntos:write' };

describe('readEnvelope accepts exactly what envelopeSchema accepts', () => {
  it.each([
    ['a failure with the whole meta', { codigoRespuesta: 9404, msj: 'No existe', meta: META }, true],
    ['a failure without meta', { codigoRespuesta: 9404, msj: 'No existe' }, true],
    ['a failure with an empty meta', { codigoRespuesta: 9500, msj: 'x', meta: {} }, true],
    ['meta.scope null', { codigoRespuesta: 9501, msj: 'x', meta: { scope: null } }, true],
    ['extra fields anywhere', { codigoRespuesta: 1, msj: 'x', extra: [1], meta: { more: true } }, true],
    [
      'details and legacy of any kind',
      { codigoRespuesta: 9422, msj: 'x', details: 3, meta: { legacy: 'y' } },
      true,
    ],
    ['no codigoRespuesta', { msj: 'x' }, false],
    ['codigoRespuesta a string', { codigoRespuesta: '9404', msj: 'x' }, false],
    ['codigoRespuesta not an integer', { codigoRespuesta: 94.5, msj: 'x' }, false],
    ['codigoRespuesta beyond a safe integer', { codigoRespuesta: 2 ** 60, msj: 'x' }, false],
    ['no msj', { codigoRespuesta: 9404 }, false],
    ['msj null', { codigoRespuesta: 9404, msj: null }, false],
    ['meta an array', { codigoRespuesta: 9404, msj: 'x', meta: [] }, false],
    ['meta null', { codigoRespuesta: 9404, msj: 'x', meta: null }, false],
    ['meta.requestId a number', { codigoRespuesta: 9404, msj: 'x', meta: { requestId: 5 } }, false],
    ['meta.appId a string', { codigoRespuesta: 9404, msj: 'x', meta: { appId: '7' } }, false],
    ['meta.scope a number', { codigoRespuesta: 9404, msj: 'x', meta: { scope: 3 } }, false],
    ['meta.requiredScope null', { codigoRespuesta: 9503, msj: 'x', meta: { requiredScope: null } }, false],
    ['an array', [{ codigoRespuesta: 0, msj: 'x' }], false],
    ['a string', 'Bad Gateway', false],
    ['null', null, false],
  ])('%s: %s', (_name, value, accepted) => {
    expect(envelopeSchema.safeParse(value).success).toBe(accepted);
    expect(readEnvelope(value) !== undefined).toBe(accepted);
  });

  it('on any JSON value shaped like an envelope', () => {
    const field = fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 1 }));
    const meta = fc.oneof(
      field,
      fc.record(
        { requestId: field, appId: field, scope: field, requiredScope: field, legacy: field },
        { requiredKeys: [] },
      ),
    );
    const answer = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.record(
        { codigoRespuesta: fc.oneof(fc.integer(), field), msj: fc.oneof(fc.string(), field), meta },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(answer, (value) => {
        const json = JSON.parse(JSON.stringify(value) ?? 'null');
        expect(readEnvelope(json) !== undefined).toBe(envelopeSchema.safeParse(json).success);
      }),
      { numRuns: 2000 },
    );
  });
});
