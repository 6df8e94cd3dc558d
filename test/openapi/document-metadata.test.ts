/**
 * What third-party tools read besides the operations: the envelope's scopes as the enum of the
 * 13 scopes (so types generated from the document are the SDK's), only the header components a
 * document uses, tags, license and contact (Spectral and Redocly warn without them), and the
 * document still valid for openapi-backend's validator.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAPIBackend from 'openapi-backend';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { TAG_DESCRIPTIONS } from '../../src/openapi/tags.js';
import { SCOPES } from '../../src/operations/scopes.js';
import { operations } from '../../src/operations/table.js';
import { DEMO_API_KEY, DEMO_READ_ONLY_API_KEY } from '../../src/server/internal.js';
import { customizeAjv } from '../support/ajv-formats.js';
import { servedDocument } from '../support/openapi-check.js';
import { typeErrorsOf } from '../support/type-check-folder.js';

type Json = Record<string, unknown>;

const root = join(import.meta.dirname, '..', '..');
const full = buildOpenApiDocument();

const metaOf = (document: Json) =>
  ((((document.components as Json).schemas as Json).Envelope as Json).properties as Json).meta as {
    properties: Record<string, Json>;
  };

/** The `$ref`s of header components anywhere in the document but its components' own list. */
function referencedHeaders(document: Json): string[] {
  const { headers: _declared, ...rest } = document.components as Json;
  const text = JSON.stringify({ ...document, components: rest });
  return [...new Set([...text.matchAll(/#\/components\/headers\/([\w-]+)/g)].map((match) => match[1] ?? ''))];
}

describe('meta.scope and meta.requiredScope', () => {
  it('are the enum of the 13 scopes (scope also null)', () => {
    const meta = metaOf(full);
    expect(meta.properties.scope).toMatchObject({ type: 'string', nullable: true, enum: [...SCOPES, null] });
    expect(meta.properties.requiredScope).toMatchObject({ type: 'string', enum: [...SCOPES] });
  });

  const scratch = mkdtempSync(join(root, '.tmp', 'openapi-types-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("types generated from the document (openapi-typescript) are the SDK's EnvelopeMeta scopes, both ways", async () => {
    writeFileSync(join(scratch, 'openapi.d.ts'), astToString(await openapiTS(full as never)));
    writeFileSync(
      join(scratch, 'check.ts'),
      [
        "import type { EnvelopeMeta } from '../../src/index.js';",
        "import type { components } from './openapi.js';",
        "type Meta = components['schemas']['Envelope']['meta'];",
        "export const generatedToSdk: EnvelopeMeta['scope'] = null as unknown as Meta['scope'];",
        "export const sdkToGenerated: Meta['scope'] = null as unknown as EnvelopeMeta['scope'];",
        "export const requiredToSdk: EnvelopeMeta['requiredScope'] = undefined as unknown as Meta['requiredScope'];",
        "export const requiredToGenerated: Meta['requiredScope'] = undefined as unknown as EnvelopeMeta['requiredScope'];",
        "// A plain string is not a scope: the document's enum is what makes these hold.",
        '// @ts-expect-error',
        "export const notAnyString: Meta['scope'] = 'clientes:borrar' as string;",
        '',
      ].join('\n'),
    );
    const output = typeErrorsOf(scratch, { noEmit: true });
    expect(output).toBe('');
  }, 60_000);
});

describe('header components', () => {
  it('the full document declares each header it refers to, and no other', () => {
    expect(Object.keys((full.components as Json).headers as Json).sort()).toEqual(
      referencedHeaders(full).sort(),
    );
    expect(referencedHeaders(full)).toContain('Idempotent-Replayed');
  });

  it('a document of reads only (a key without write scopes) has no Idempotent-Replayed component', async () => {
    const readOnly = await servedDocument(DEMO_READ_ONLY_API_KEY);
    const headers = Object.keys((readOnly.components as Json).headers as Json);
    expect(headers).not.toContain('Idempotent-Replayed');
    expect(headers.sort()).toEqual(referencedHeaders(readOnly).sort());
  });
});

describe('tags, license and contact', () => {
  it('every tag an operation uses is declared once, with a description', () => {
    const used = [
      ...new Set(
        Object.values(full.paths as Record<string, Record<string, { tags: string[] }>>).flatMap((item) =>
          Object.values(item).flatMap((operation) => operation.tags),
        ),
      ),
    ];
    const declared = full.tags as { name: string; description: string }[];
    expect(declared.map((tag) => tag.name).sort()).toEqual(used.sort());
    for (const tag of declared) expect(tag.description).toBe(TAG_DESCRIPTIONS[tag.name]);
  });

  it('every resource of the table has a tag description', () => {
    const resources = new Set(operations.map((operation) => operation.id.split('.')[0] ?? ''));
    expect([...resources].filter((name) => TAG_DESCRIPTIONS[name] === undefined)).toEqual([]);
  });

  it("a scope-limited document declares only its operations' tags", async () => {
    const readOnly = await servedDocument(DEMO_READ_ONLY_API_KEY);
    const names = (readOnly.tags as { name: string }[]).map((tag) => tag.name);
    expect(names).not.toContain('grupos');
    expect(names).toContain('clientes');
  });

  it("the license is the package's, with its SPDX page; a contact is named", () => {
    const { license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { license: string };
    expect((full.info as Json).license).toEqual({
      name: license,
      url: `https://spdx.org/licenses/${license}.html`,
    });
    expect((full.info as Json).contact).toMatchObject({ name: expect.any(String) });
  });
});

describe('validity', () => {
  it.each([
    ['the full document', async () => full],
    ['the document served to every scope', () => servedDocument(DEMO_API_KEY)],
    ['the document served to a read-only key', () => servedDocument(DEMO_READ_ONLY_API_KEY)],
  ])("%s passes openapi-backend's validation of the definition", async (_name, documentOf) => {
    const api = new OpenAPIBackend({
      definition: (await documentOf()) as never,
      validate: true,
      quick: false,
      customizeAjv,
    });
    await expect(api.init()).resolves.toBeDefined();
  });
});
