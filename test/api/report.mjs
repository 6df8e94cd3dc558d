// The public API report: every entry point of package.json `exports`, read from the built
// declarations with the TypeScript compiler API, written to docs/api-report.md. A change to the
// surface changes the report, so it shows in review; `--check` fails while they differ.
//
//   node test/api/report.mjs           write docs/api-report.md from dist/ (npm run api:report builds first)
//   node test/api/report.mjs --check   compare instead; print the diff and exit 1 when they differ
//
// Expects a built dist/ (`npx tsup`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

export const REPORT_PATH = 'docs/api-report.md';
export const REGENERATE = 'npm run api:report';
/** The conditions whose declarations the report reads: an ES module consumer's, then a CommonJS one's. */
const FLAVORS = /** @type {const} */ (['import', 'require']);

/**
 * Every target of an exports value, with the conditions that lead to it (`import.types`).
 * @param {unknown} value @param {string[]} [conditions]
 * @returns {Array<{ conditions: string[], target: string }>}
 */
function exportTargets(value, conditions = []) {
  if (typeof value === 'string') return [{ conditions, target: value }];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([condition, nested]) =>
      exportTargets(nested, [...conditions, condition]),
    );
  }
  return [];
}

/**
 * The declaration file a consumer under `flavor` gets for an exports value, as node resolves it
 * (the first matching condition, and `types` within it).
 * @param {unknown} value @param {string} flavor
 * @returns {string | undefined}
 */
function typesFor(value, flavor) {
  if (typeof value === 'string') return /\.d\.[cm]?ts$/.test(value) ? value : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [condition, nested] of Object.entries(value)) {
    if (condition === 'types' || condition === flavor || condition === 'default' || condition === 'node') {
      if (condition === 'types' && typeof nested === 'string') return nested;
      const found = typesFor(nested, flavor);
      if (found) return found;
    }
  }
  return undefined;
}

/** @param {string} subpath @param {string} name */
const specifierOf = (subpath, name) => (subpath === '.' ? name : `${name}/${subpath.slice(2)}`);

/**
 * The entry points section: each subpath and, for each of its conditions, the files it leads to
 * (conditions that lead to the same files share a row).
 * @param {{ name: string, exports: Record<string, unknown> }} manifest
 */
function entryTable(manifest) {
  const lines = ['| entry point | conditions | files |', '| --- | --- | --- |'];
  for (const [subpath, value] of Object.entries(manifest.exports)) {
    /** @type {Map<string, string[]>} */
    const rows = new Map();
    /** @type {Array<[string, unknown]>} */
    const branches = typeof value === 'object' && value ? Object.entries(value) : [['', value]];
    for (const [condition, nested] of branches) {
      const files = exportTargets(nested)
        .map(
          ({ conditions, target }) =>
            `${conditions.length > 0 ? `${conditions.join(' > ')}: ` : ''}\`${target}\``,
        )
        .join(', ');
      rows.set(files, [...(rows.get(files) ?? []), condition]);
    }
    for (const [files, conditions] of rows) {
      const how = conditions.filter(Boolean).join(', ') || '(any)';
      lines.push(`| \`${specifierOf(subpath, manifest.name)}\` | ${how} | ${files} |`);
    }
  }
  return lines.join('\n');
}

/**
 * Name order that does not depend on the locale: case-insensitive, then by code point.
 * @param {string} a @param {string} b
 */
const byName = (a, b) => {
  const [lowerA, lowerB] = [a.toLowerCase(), b.toLowerCase()];
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/**
 * The kind a reader needs of an export: what it is, and whether it is a type only.
 * @param {ts.Symbol} symbol
 */
function kindOf(symbol) {
  const flags = symbol.flags;
  if (flags & ts.SymbolFlags.Class) return 'class';
  if (flags & ts.SymbolFlags.Function) return 'function';
  if (flags & ts.SymbolFlags.Enum) return 'enum';
  if (flags & ts.SymbolFlags.Variable) return 'const';
  if (flags & ts.SymbolFlags.Interface) return 'interface';
  if (flags & ts.SymbolFlags.TypeAlias) return 'type';
  if (flags & ts.SymbolFlags.Module) return 'namespace';
  return 'other';
}

/**
 * A value (class, function, const) exported with `export type`: usable in types only.
 * @param {ts.Symbol} symbol @param {ts.Symbol} target
 */
function isTypeOnlyExport(symbol, target) {
  if (!(target.flags & ts.SymbolFlags.Value)) return false;
  return (symbol.declarations ?? []).some(
    (declaration) =>
      ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly),
  );
}

/**
 * Builds the report of the package in `root` from the declarations its exports name.
 * @param {string} root the package's folder (package.json and the built declarations)
 * @returns {string}
 */
export function buildApiReport(root) {
  /** @type {{ name: string, exports: Record<string, unknown> }} */
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const bodies = FLAVORS.map((flavor) => flavorReport(root, manifest, flavor));
  const header = [
    `# Public API of ${manifest.name}`,
    '',
    `Generated from the built declarations by \`${REGENERATE}\`; do not edit. The test command fails`,
    'while the built package differs from this file (docs/decisions.md, "Versioning").',
    '',
    '## Entry points',
    '',
    entryTable(manifest),
  ];
  const same = bodies[0] === bodies[1];
  const sections = same
    ? [`The ES module (\`import\`) and CommonJS (\`require\`) declarations are the same.`, '', bodies[0]]
    : FLAVORS.flatMap((flavor, index) => [`# Declarations under \`${flavor}\``, '', bodies[index]]);
  return `${[...header, '', ...sections].join('\n').trimEnd()}\n`;
}

const COMPILER_OPTIONS = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

/** Parsed declarations of TypeScript's libs and of node_modules, which no report changes. */
/** @type {Map<string, ts.SourceFile | undefined>} */
const libraries = new Map();

/**
 * A compiler host that parses the libraries once per process: each report makes two programs
 * (import and require), and the tests make a dozen reports, all over the same @types/node.
 */
function hostSharingLibraries() {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.split(/[\\/]/).includes('node_modules')) {
      return parse(fileName, languageVersion, onError, shouldCreate);
    }
    const key = `${JSON.stringify(languageVersion)}\n${fileName}`;
    if (!libraries.has(key)) libraries.set(key, parse(fileName, languageVersion, onError, shouldCreate));
    return libraries.get(key);
  };
  return host;
}

/**
 * The report of every entry's declarations under one condition.
 * @param {string} root @param {{ name: string, exports: Record<string, unknown> }} manifest
 * @param {string} flavor
 */
function flavorReport(root, manifest, flavor) {
  const entries = Object.entries(manifest.exports).flatMap(([subpath, value]) => {
    const types = typesFor(value, flavor);
    return types ? [{ specifier: specifierOf(subpath, manifest.name), file: resolve(root, types) }] : [];
  });
  const program = ts.createProgram(
    entries.map((entry) => entry.file),
    COMPILER_OPTIONS,
    hostSharingLibraries(),
  );
  const checker = program.getTypeChecker();
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  const packageDir = resolve(root);
  /** @param {ts.Node} node */
  const isOwn = (node) => {
    const file = node.getSourceFile().fileName;
    return !relative(packageDir, file).startsWith('..') && !file.split(/[\\/]/).includes('node_modules');
  };

  /** @param {ts.Symbol} symbol */
  const resolveAlias = (symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

  /** Where each declared symbol is exported first (entry, name): it is printed there only. */
  /** @type {Map<ts.Symbol, { specifier: string, name: string }>} */
  const home = new Map();
  const exportsByEntry = entries.map((entry) => {
    const source = program.getSourceFile(entry.file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${entry.file}: no module declarations found (was dist/ built?)`);
    const exported = checker
      .getExportsOfModule(moduleSymbol)
      .map((symbol) => ({ name: symbol.name, symbol, target: resolveAlias(symbol) }))
      .sort((a, b) => byName(a.name, b.name));
    for (const { name, target } of exported) {
      if (!home.has(target)) home.set(target, { specifier: entry.specifier, name });
    }
    return { ...entry, exported };
  });

  /**
   * One declaration as a consumer sees it: no comments, no `export` keyword.
   * @param {ts.Declaration} declaration
   */
  const print = (declaration) => {
    let node = /** @type {ts.Node} */ (declaration);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.declarations.length === 1
    ) {
      node = node.parent.parent;
    }
    const text = printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile());
    const printed = ts.isVariableDeclaration(node) ? `declare const ${text};` : text;
    return printed.replace(/^export (default )?/, '');
  };

  /** Declarations reached from the printed ones that no entry exports, and the packages used. */
  /** @type {Map<ts.Symbol, Set<string>>} */
  const unexported = new Map();
  /** @type {Map<string, Set<string>>} */
  const packages = new Map();

  /**
   * Records what a declaration refers to: declarations of the package that no entry exports
   * (printed in their own section, so a change to them shows too) and names from other packages.
   * @param {ts.Node} node @param {string} specifier
   */
  const collectReferences = (node, specifier) => {
    /** @param {ts.Node} child */
    const visit = (child) => {
      /** @type {ts.EntityName | ts.Expression | undefined} */
      let name;
      if (ts.isTypeReferenceNode(child)) name = child.typeName;
      else if (ts.isExpressionWithTypeArguments(child)) name = child.expression;
      else if (ts.isTypeQueryNode(child)) name = child.exprName;
      if (name) noteReference(name, specifier);
      ts.forEachChild(child, visit);
    };
    visit(node);
  };

  /** @param {ts.EntityName | ts.Expression} name @param {string} specifier */
  const noteReference = (name, specifier) => {
    let leftmost = name;
    while (ts.isQualifiedName(leftmost) || ts.isPropertyAccessExpression(leftmost)) {
      leftmost = ts.isQualifiedName(leftmost) ? leftmost.left : leftmost.expression;
    }
    const local = checker.getSymbolAtLocation(leftmost);
    const imported = local?.declarations?.find(
      (declaration) =>
        ts.isImportSpecifier(declaration) ||
        ts.isNamespaceImport(declaration) ||
        ts.isImportClause(declaration),
    );
    if (imported) {
      const statement = ts.findAncestor(imported, ts.isImportDeclaration);
      const from =
        statement && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : '';
      if (from && !from.startsWith('.')) {
        const importedName = ts.isImportSpecifier(imported)
          ? (imported.propertyName ?? imported.name).text
          : name.getText().split('.').slice(1).join('.') || local?.name || '';
        const names = packages.get(from) ?? new Set();
        names.add(importedName);
        packages.set(from, names);
        return;
      }
    }
    const symbol = checker.getSymbolAtLocation(name);
    if (!symbol) return;
    const target = resolveAlias(symbol);
    const declarations = target.declarations ?? [];
    if (declarations.length === 0 || !declarations.every(isOwn) || home.has(target)) return;
    if (declarations.some((declaration) => ts.isTypeParameterDeclaration(declaration))) return;
    const reachedFrom = unexported.get(target);
    if (reachedFrom) {
      reachedFrom.add(specifier);
      return;
    }
    unexported.set(target, new Set([specifier]));
    for (const declaration of declarations) collectReferences(declaration, specifier);
  };

  const sections = exportsByEntry.map(({ specifier, exported }) => {
    const listing = [];
    const declarations = [];
    const width = Math.max(0, ...exported.map(({ name }) => name.length));
    for (const { name, symbol, target } of exported) {
      const owner = home.get(target);
      const own = (target.declarations ?? []).filter(isOwn);
      const typeOnly = isTypeOnlyExport(symbol, target) ? ' (type only)' : '';
      let where = '';
      if (own.length === 0) where = '  from another package';
      else if (owner && owner.specifier !== specifier) where = `  see ${owner.specifier}`;
      else if (owner && owner.name !== name) where = `  see ${owner.name}`;
      listing.push(`${name.padEnd(width)}  ${kindOf(target)}${typeOnly}${where}`.trimEnd());
      if (own.length === 0 || owner?.specifier !== specifier || owner.name !== name) continue;
      const declaredAs = target.name !== name ? ` (declared as ${target.name})` : '';
      declarations.push(`// ${name}${declaredAs}`, ...own.map(print), '');
      for (const declaration of own) collectReferences(declaration, specifier);
    }
    return [
      `## \`${specifier}\``,
      '',
      `${exported.length} exports.`,
      '',
      '```text',
      ...listing,
      '```',
      '',
      '```text',
      ...(declarations.length > 0
        ? declarations.slice(0, -1)
        : ['(every export is declared under another entry)']),
      '```',
    ].join('\n');
  });

  const reachable = [...unexported.entries()]
    .map(([symbol, from]) => ({ symbol, from: [...from].sort() }))
    .sort((a, b) => byName(a.symbol.name, b.symbol.name));
  const reachableSection = [
    '## Reachable, not exported',
    '',
    'Declarations the exported ones refer to that no entry exports: a consumer meets them through',
    'the exports (a base interface, an option type), so a change to them is a change to the surface.',
    '',
    '```text',
    ...reachable
      .flatMap(({ symbol, from }) => [
        `// ${symbol.name}, used by the declarations of ${from.join(', ')}`,
        ...(symbol.declarations ?? []).map(print),
        '',
      ])
      .slice(0, -1),
    '```',
  ];
  if (reachable.length === 0) reachableSection.splice(5, 3, '(none)');
  const packageLines = [...packages.entries()]
    .sort(([a], [b]) => byName(a, b))
    .map(([from, names]) => `- \`${from}\`: ${[...names].sort(byName).join(', ')}`);
  return [
    sections.join('\n\n'),
    '',
    ...reachableSection,
    '',
    '## Types from other packages',
    '',
    ...(packageLines.length > 0 ? packageLines : ['(none)']),
    '',
  ].join('\n');
}

/**
 * Compares the report of the package in `root` with its checked-in report.
 * @param {string} root
 * @returns {{ ok: true } | { ok: false, diff: string, message: string }}
 */
export function checkApiReport(root) {
  const expected = readFileSync(join(root, REPORT_PATH), 'utf8');
  const actual = buildApiReport(root);
  if (actual === expected) return { ok: true };
  const scratch = mkdtempSync(join(tmpdir(), 'api-report-'));
  try {
    const built = join(scratch, 'built.md');
    writeFileSync(built, actual);
    const output = spawnSync('git', ['diff', '--no-index', '--no-color', '--', REPORT_PATH, built], {
      cwd: root,
      encoding: 'utf8',
    }).stdout;
    // The hunks only, under names a reader knows (the scratch file's path means nothing).
    const hunks = output.slice(Math.max(0, output.indexOf('\n@@') + 1));
    const diff = `--- ${REPORT_PATH} (checked in)\n+++ built from dist/\n${hunks}`;
    const message = [
      `The public API differs from ${REPORT_PATH} (- checked in, + built):`,
      '',
      diff.trimEnd(),
      '',
      `If the change is meant, regenerate the report and commit it: ${REGENERATE}`,
      'A removed or renamed export, or a narrower input, is a breaking change (docs/decisions.md, "Versioning").',
    ].join('\n');
    return { ok: false, diff, message };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (values.check) {
    const result = checkApiReport(root);
    if (!result.ok) {
      console.error(result.message);
      process.exitCode = 1;
    } else {
      console.log(`api report: the built declarations match ${REPORT_PATH} (${took()})`);
    }
  } else {
    writeFileSync(join(root, REPORT_PATH), buildApiReport(root));
    console.log(`api report: wrote ${REPORT_PATH} (${took()})`);
  }
}
