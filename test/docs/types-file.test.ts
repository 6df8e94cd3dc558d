import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROOF_FILE, renderProofFile, renderTypesFile, TYPES_FILE } from './types-file.js';

const root = join(import.meta.dirname, '..', '..');
const written = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the public types, generated from the operation table (src/operations/types.generated.ts)', () => {
  it('are the ones rendered from the operation table (else: npm run docs:types)', () => {
    expect(written(TYPES_FILE)).toBe(renderTypesFile());
  });

  it('have their compile-time proof rendered beside them (else: npm run docs:types)', () => {
    expect(written(PROOF_FILE)).toBe(renderProofFile());
  });

  it('import nothing, so that no declaration of the package needs zod', () => {
    expect(renderTypesFile()).not.toMatch(/^import /m);
    expect(renderTypesFile()).not.toContain('zod');
  });

  it('document each argument field with its rule, e.g. puntos: at most 10000 either way, not 0, required', () => {
    expect(renderTypesFile()).toMatch(
      /export type PuntosAddParams = \{\n {2}\/\*\*\n {3}\* Points in the public unit; a negative number removes\.\n {3}\*\n {3}\* Rule: number, >= -10000, <= 10000, not 0; required\.\n {3}\*\/\n {2}puntos: number;/,
    );
  });

  it('mark an optional field optional in the type and in the rule', () => {
    expect(renderTypesFile()).toMatch(
      /\/\*\* Rule: string, YYYY-MM-DD; optional\. \*\/\n {2}birthday\?: string \| undefined;/,
    );
  });

  it('write nested objects out, other keys of usuarioData being JSON values', () => {
    expect(renderTypesFile()).toMatch(
      /usuarioData: \{\n {4}nombre\?: string \| undefined;[^}]*\} & \{ \[key: string\]: JsonValue \};/,
    );
  });

  it('give each record its fields with their descriptions, and the data of each operation by name', () => {
    expect(renderTypesFile()).toContain('  /** Balance after the movement. */\n  saldo: number;');
    expect(renderTypesFile()).toContain("  'clientes.puntos.list': PuntosMovimiento[];");
    expect(renderTypesFile()).toContain(
      '  wallet_descargas: ReportDataset;\n} & { [key: string]: ReportDataset };',
    );
    expect(renderTypesFile()).toContain('  status: 0 | 1;');
  });

  it('are proven at compile time to be what each schema accepts or returns', () => {
    expect(renderProofFile()).toContain(
      "  Holds<Same<PuntosAddParams, PartOf<'clientes.puntos.add', 'body'>>>,",
    );
    expect(renderProofFile()).toContain(
      "  Holds<Same<CuponesListParams, PartOf<'promociones.cupones.list', 'query'>>>,",
    );
    expect(renderProofFile()).toContain(
      '  Holds<Same<Cliente, z.output<ReturnType<typeof records.cliente>>>>,',
    );
    expect(renderProofFile()).toContain(
      "  Holds<Same<OperationData['tareas.list'], SchemaData<'tareas.list'>>>,",
    );
    expect(renderProofFile()).toContain('  Holds<Same<keyof OperationData, TableIds>>,');
  });

  it('are the types the resource methods take', () => {
    const resources = readFileSync(join(root, 'src/client/resources.ts'), 'utf8');
    expect(resources).toContain("from '../operations/types.generated.js'");
    expect(resources).toMatch(/add\(uid: string, body: Params\.PuntosAddParams, options\?: RequestOptions\)/);
  });
});
