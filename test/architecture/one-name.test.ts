/**
 * One name per concept (docs/architecture.md, "One name per concept"): two files of src never
 * declare the same exported name, and no exported constant or type is a second name for one
 * declared elsewhere. The few re-declarations that are one concept on purpose are listed below,
 * each with why. And an error is called one: every class of src that extends Error (directly or
 * through another) has a name that ends in `Error`. Read with the TypeScript compiler's parser,
 * from the declarations themselves (`export { a as b }` and `export * from` declare nothing).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A name that two files declare on purpose: the same concept, with the same meaning in both. */
interface Redeclaration {
  readonly name: string;
  /** The two files that declare it. */
  readonly files: readonly [string, string];
  readonly why: string;
}

const FACADE = 'src/operations/public.ts';
const FACADE_WHY =
  "the table's value or type again, typed without zod, so that an integrator of loyalty-sdk/operations installs no zod for types; it hands on the table's own";
const UNDICI_WHY =
  'the twins of `#undici-loader`: package.json picks undici-loader.ts on Node and undici-loader.web.ts where bundles target Workers or a browser, which must never carry undici';
const TELEMETRY_WHY =
  'the twins of `#open-telemetry`: package.json picks open-telemetry.web.ts where bundles target Workers or a browser';

const facade = (name: string, original: string): Redeclaration => ({
  name,
  files: [FACADE, original],
  why: FACADE_WHY,
});

/** Names both twins of a `#` import of package.json declare: the module each runtime gets. */
const twins = (files: readonly [string, string], why: string, names: readonly string[]): Redeclaration[] =>
  names.map((name) => ({ name, files, why }));

const ALLOWED: readonly Redeclaration[] = [
  facade('Operation', 'src/operations/define.ts'),
  facade('OperationById', 'src/operations/table.ts'),
  facade('operations', 'src/operations/table.ts'),
  facade('operationIds', 'src/operations/rows.ts'),
  facade('envelopeSchema', 'src/operations/envelope.ts'),
  facade('idempotencyKey', 'src/operations/fields.ts'),
  facade('headerValue', 'src/operations/fields.ts'),
  facade('validateRequest', 'src/operations/validate.ts'),
  facade('renderHelp', 'src/operations/help.ts'),
  ...twins(['src/client/undici-loader.ts', 'src/client/undici-loader.web.ts'], UNDICI_WHY, [
    'SHARED_AGENT_LOADS',
  ]),
  // undici-loader.ts re-exports the Node one from undici-transport.ts, which verify imports too.
  ...twins(['src/client/undici-loader.web.ts', 'src/client/undici-transport.ts'], UNDICI_WHY, [
    'undiciTransport',
  ]),
  ...twins(['src/telemetry/open-telemetry.ts', 'src/telemetry/open-telemetry.web.ts'], TELEMETRY_WHY, [
    'loadRecorder',
  ]),
];

/** A second name on purpose: `alias` in `file` names the same thing as `of`. */
interface Alias {
  readonly name: string;
  readonly file: string;
  readonly of: string;
  readonly why: string;
}

const ALLOWED_ALIASES: readonly Alias[] = [
  {
    name: 'OperationById',
    file: FACADE,
    of: 'Operation',
    why: "loyalty-sdk/operations' public name for the table's `OperationById`, which typed without zod is `Operation<Id>`",
  },
];

const toPosix = (path: string): string => path.split(sep).join('/');

const SOURCES: string[] = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[])
  .map((entry) => `src/${toPosix(entry)}`)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .sort();

const parsed = new Map(
  SOURCES.map((file) => [
    file,
    ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true),
  ]),
);

const isExported = (statement: ts.Statement): boolean =>
  ts.canHaveModifiers(statement) &&
  (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** The names a top-level statement declares (a function's overloads and merged declarations count once per file). */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) => bindingNames(declaration.name));
  }
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement) ||
      ts.isModuleDeclaration(statement)) &&
    statement.name !== undefined &&
    ts.isIdentifier(statement.name)
  ) {
    return [statement.name.text];
  }
  return [];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
  );
}

/** Names a file declares and exports: with `export` on the declaration, or by `export { name }` of its own. */
function exportedDeclarations(source: ts.SourceFile): Set<string> {
  const exported = new Set<string>();
  const local = new Set<string>();
  for (const statement of source.statements) {
    for (const name of declaredNames(statement)) (isExported(statement) ? exported : local).add(name);
  }
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier !== undefined) continue;
    const clause = statement.exportClause;
    if (clause === undefined || !ts.isNamedExports(clause)) continue;
    for (const element of clause.elements) {
      if (element.propertyName === undefined && local.has(element.name.text)) exported.add(element.name.text);
    }
  }
  return exported;
}

const DECLARED = new Map([...parsed].map(([file, source]) => [file, exportedDeclarations(source)]));

/** Every exported name, with the files that declare it. */
const FILES_OF = new Map<string, string[]>();
for (const [file, names] of DECLARED) {
  for (const name of names) FILES_OF.set(name, [...(FILES_OF.get(name) ?? []), file]);
}

/** Whether two lists name the same files, in any order. */
const sameFiles = (files: readonly string[], others: readonly string[] | undefined): boolean =>
  others !== undefined && [...files].sort().join() === [...others].sort().join();

const allowed = (name: string, files: readonly string[]): boolean =>
  ALLOWED.some((entry) => entry.name === name && sameFiles(entry.files, files));

const declaredTwice = [...FILES_OF]
  .filter(([name, files]) => files.length > 1 && !allowed(name, files))
  .map(([name, files]) => `${name}: declared in ${files.join(' and ')}`)
  .sort();

/** A file's own top-level names that another file exports: `readEnvelope` in a file beside the table's. */
const takenNames = [...parsed]
  .flatMap(([file, source]) =>
    source.statements
      .flatMap(declaredNames)
      .filter((name) => !DECLARED.get(file)?.has(name))
      .flatMap((name) => {
        const elsewhere = (FILES_OF.get(name) ?? []).filter((other) => other !== file);
        return elsewhere.length === 0
          ? []
          : [`${name}: of its own in ${file}, exported by ${elsewhere.join(' and ')}`];
      }),
  )
  .sort();

/** The name an import binds `local` to in `source`, if `local` is imported (`{ a as b }` binds b to a). */
function importedName(source: ts.SourceFile, local: string): string | undefined {
  for (const statement of source.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (bindings === undefined || !ts.isNamedImports(bindings)) continue;
    const element = bindings.elements.find((one) => one.name.text === local);
    if (element !== undefined) return (element.propertyName ?? element.name).text;
  }
  return undefined;
}

/** The name a constant's value or a type is, when it is nothing but another name: `a`, `x.a`, `A<T>` of its own `T`. */
function nameItStands(statement: ts.Statement): Array<{ name: string; of: ts.Identifier }> {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) => {
      let value = declaration.initializer;
      while (
        value !== undefined &&
        (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))
      )
        value = value.expression;
      if (!ts.isIdentifier(declaration.name) || value === undefined) return [];
      if (ts.isIdentifier(value)) return [{ name: declaration.name.text, of: value }];
      if (ts.isPropertyAccessExpression(value) && ts.isIdentifier(value.name))
        return [{ name: declaration.name.text, of: value.name }];
      return [];
    });
  }
  if (ts.isTypeAliasDeclaration(statement) && ts.isTypeReferenceNode(statement.type)) {
    const { typeName, typeArguments = [] } = statement.type;
    const own = (statement.typeParameters ?? []).map((parameter) => parameter.name.text);
    const passedOn =
      typeArguments.length === own.length &&
      typeArguments.every(
        (argument, at) => ts.isTypeReferenceNode(argument) && argument.typeName.getText() === own[at],
      );
    const of = ts.isIdentifier(typeName) ? typeName : typeName.right;
    return passedOn ? [{ name: statement.name.text, of }] : [];
  }
  return [];
}

const secondNames = [...parsed]
  .flatMap(([file, source]) =>
    source.statements.flatMap((statement) =>
      nameItStands(statement).map(({ name, of }) => ({
        name,
        file,
        of: (ts.isIdentifier(of) && importedName(source, of.text)) || of.text,
      })),
    ),
  )
  // Another package's name under ours (MCP's body limit, package.json's version) is no second name of src.
  .filter(({ name, of }) => name !== of && FILES_OF.has(of))
  .filter(
    (alias) =>
      !ALLOWED_ALIASES.some(
        (entry) => entry.name === alias.name && entry.file === alias.file && entry.of === alias.of,
      ),
  )
  .map(
    ({ name, file, of }) => `${name} in ${file} is a second name of ${of} (${FILES_OF.get(of)?.join(', ')})`,
  );

/** Built-in errors a class may extend. */
const ERROR_BASES = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'AggregateError',
  'DOMException',
]);

/** Every class of src: the file it is in, and the name it extends, as declared (imports followed by name). */
const CLASSES = [...parsed].flatMap(([file, source]) =>
  source.statements.filter(ts.isClassDeclaration).flatMap((declaration) => {
    const base = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
      ?.types[0]?.expression;
    if (declaration.name === undefined || base === undefined || !ts.isIdentifier(base)) return [];
    return [{ name: declaration.name.text, file, base: importedName(source, base.text) ?? base.text }];
  }),
);

function extendsError(base: string, seen = new Set<string>()): boolean {
  if (ERROR_BASES.has(base)) return true;
  if (seen.has(base)) return false;
  seen.add(base);
  return CLASSES.some((other) => other.name === base && extendsError(other.base, seen));
}

const misnamedErrors = CLASSES.filter(({ name, base }) => extendsError(base) && !name.endsWith('Error')).map(
  ({ name, file, base }) =>
    `${name} in ${file} extends ${base}: call it ${name}Error, or by what went wrong, ending in Error`,
);

describe('one name per concept in src', () => {
  it('counts what a file declares, not what it re-exports (src/core/index.ts only re-exports)', () => {
    expect(DECLARED.get('src/client/errors.ts')).toContain('LoyaltyApiError');
    expect(DECLARED.get('src/core/index.ts')?.size ?? 0).toBe(0);
  });

  it('no exported name is declared in two files, besides the re-declarations listed with why', () => {
    expect(declaredTwice).toEqual([]);
  });

  it('every re-declaration listed is still one (the list holds no name that has gone)', () => {
    const gone = ALLOWED.filter((entry) => !sameFiles(entry.files, FILES_OF.get(entry.name))).map(
      (entry) => `${entry.name}: not declared in exactly ${entry.files.join(' and ')}`,
    );
    expect(gone).toEqual([]);
  });

  it('no file declares for itself a name another file exports (one name, one thing, wherever it is read)', () => {
    expect(takenNames).toEqual([]);
  });

  it('no constant or type is another name of src under a second name, besides the aliases listed with why', () => {
    expect(secondNames).toEqual([]);
  });

  it('every class that extends Error, directly or through another, has a name that ends in Error', () => {
    expect(misnamedErrors).toEqual([]);
  });
});
