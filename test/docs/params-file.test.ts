import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARAMS_FILE, renderParamsFile } from './params-file.js';

const root = join(import.meta.dirname, '..', '..');
const written = () => readFileSync(join(root, PARAMS_FILE), 'utf8');

describe('the argument types with the rules as JSDoc (src/operations/params.generated.ts)', () => {
  it('are the ones rendered from the operation table (else: npm run docs:params)', () => {
    expect(written()).toBe(renderParamsFile());
  });

  it('document each field with its rule, e.g. puntos: at most 10000 either way, not 0, required', () => {
    expect(renderParamsFile()).toMatch(
      /export type PuntosAddParams = \{\n {2}\/\*\*\n {3}\* Points in the public unit; a negative number removes\.\n {3}\*\n {3}\* Rule: number, >= -10000, <= 10000, not 0; required\.\n {3}\*\/\n {2}puntos: number;/,
    );
  });

  it('mark an optional field optional in the type and in the rule', () => {
    expect(renderParamsFile()).toMatch(
      /\/\*\* Rule: string, YYYY-MM-DD; optional\. \*\/\n {2}birthday\?: string \| undefined;/,
    );
  });

  it('prove at compile time that each interface is what its schema accepts', () => {
    expect(renderParamsFile()).toContain("  Holds<Same<PuntosAddParams, BodyOf<'clientes.puntos.add'>>>,");
    expect(renderParamsFile()).toContain(
      "  Holds<Same<CuponesListParams, QueryOf<'promociones.cupones.list'>>>,",
    );
  });

  it('are the types the resource methods take', () => {
    const resources = readFileSync(join(root, 'src/client/resources.ts'), 'utf8');
    expect(resources).toContain("from '../operations/params.generated.js'");
    expect(resources).toMatch(/add\(uid: string, body: Params\.PuntosAddParams, options\?: RequestOptions\)/);
  });
});
