/**
 * The TypeScript type of a zod schema, written out: what `z.input` or `z.output` of it is, in
 * plain TypeScript, so that the package's declarations need no zod. Schemas given a name are
 * written as that name. A schema kind this does not know throws: the generated file is then
 * fixed here, never left `unknown` by accident.
 */
import * as z from 'zod/mini';

export type Mode = 'input' | 'output';

interface Def {
  type: string;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
}

interface Internals {
  def: Def;
  optin?: 'optional';
  optout?: 'optional';
}

const internals = (schema: z.ZodMiniType) => (schema as unknown as { _zod: Internals })._zod;

export interface Renderer {
  /** The type of `schema`, `indent` being the indentation of the line it starts on. */
  type(schema: z.ZodMiniType, indent?: string): string;
  /** The type of a named schema written out (not as its name). */
  definition(schema: z.ZodMiniType): string;
  /** The fields of an object schema, one per line at `indent` (with their JSDoc). */
  fields(schema: z.ZodMiniType, indent: string): string[];
  /** Whether a field of this schema may be left out. */
  optional(schema: z.ZodMiniType): boolean;
  /** ` & { [key: string]: T }` when an object schema takes other keys of type T; else empty. */
  catchallOf(schema: z.ZodMiniType, indent: string): string;
}

/** `.describe()` text of a schema, looking through `optional`, `nullable` and `default`. */
export function descriptionOf(schema: z.ZodMiniType): string | undefined {
  let current: z.ZodMiniType | undefined = schema;
  while (current) {
    const description = z.globalRegistry.get(current)?.description;
    if (description) return description;
    const def: Def = internals(current).def;
    current = ['optional', 'nullable', 'default'].includes(def.type) ? def.innerType : undefined;
  }
  return undefined;
}

const union = (parts: string[]) => [...new Set(parts)].join(' | ');
const inParentheses = (type: string) => (/[|&]/.test(type) ? `(${type})` : type);
const property = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/**
 * A renderer for one direction (`input`: what the caller may write; `output`: what comes back),
 * `names` naming the schemas that are written by name (records, JSON values).
 */
export function createRenderer(mode: Mode, names: ReadonlyMap<z.ZodMiniType, string>): Renderer {
  const optional = (schema: z.ZodMiniType) =>
    (mode === 'input' ? internals(schema).optin : internals(schema).optout) === 'optional';

  function fields(schema: z.ZodMiniType, indent: string): string[] {
    const def = internals(schema).def;
    const lines: string[] = [];
    for (const [name, field] of Object.entries(def.shape ?? {})) {
      const description = descriptionOf(field);
      if (description) lines.push(`${indent}/** ${description.replaceAll('*/', '*\\/')}. */`);
      const mark = optional(field) ? '?' : '';
      lines.push(`${indent}${property(name)}${mark}: ${type(field, indent)};`);
    }
    if (def.catchall && internals(def.catchall).def.type === 'unknown')
      lines.push(`${indent}[key: string]: unknown;`);
    return lines;
  }

  /** Other keys of an object: `unknown` ones are an index signature of `fields`; others need `&`. */
  function catchallOf(schema: z.ZodMiniType, indent: string): string {
    const catchall = internals(schema).def.catchall;
    const kind = catchall && internals(catchall).def.type;
    if (!catchall || kind === 'never' || kind === 'unknown') return '';
    return ` & { [key: string]: ${type(catchall, indent)} }`;
  }

  function type(schema: z.ZodMiniType, indent = '', byName = true): string {
    const name = byName ? names.get(schema) : undefined;
    if (name) return name;
    const def = internals(schema).def;
    const inner = (of: z.ZodMiniType | undefined) => type(of as z.ZodMiniType, indent);
    switch (def.type) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'unknown':
      case 'null':
      case 'never':
        return def.type;
      case 'literal':
        return union((def.values ?? []).map((value) => JSON.stringify(value)));
      case 'enum':
        return union(Object.values(def.entries ?? {}).map((value) => JSON.stringify(value)));
      case 'optional':
        return union([inner(def.innerType), 'undefined']);
      case 'default':
        return mode === 'input' ? union([inner(def.innerType), 'undefined']) : inner(def.innerType);
      case 'nullable':
        return union([inner(def.innerType), 'null']);
      case 'array':
        return `${inParentheses(inner(def.element))}[]`;
      case 'record':
        return `Record<string, ${inner(def.valueType)}>`;
      case 'union': {
        const parts = (def.options ?? []).map(inner);
        if (!parts.some((part) => part.includes('\n'))) return union(parts);
        // Members over several lines (objects) each on a line of their own, as the formatter writes them.
        const nested = (def.options ?? []).map((option) => type(option, `${indent}    `));
        return nested.map((part) => `\n${indent}  | ${part}`).join('');
      }
      case 'pipe':
        return inner(mode === 'input' ? def.in : def.out);
      case 'object':
        return `${['{', ...fields(schema, `${indent}  `), `${indent}}`].join('\n')}${catchallOf(schema, indent)}`;
      default:
        throw new Error(`no TypeScript rendering for a zod ${def.type} (name it, or add it here)`);
    }
  }

  return { type, definition: (schema) => type(schema, '', false), fields, optional, catchallOf };
}
