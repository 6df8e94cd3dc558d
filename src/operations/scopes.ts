import { nearestName } from '../core/index.js';

/** The scopes of the Authentication section of the spec, in its order. */
export const SCOPES = [
  'tareas:read',
  'tareas:write',
  'clientes:read',
  'clientes:write',
  'puntos:read',
  'puntos:write',
  'notificaciones:write',
  'niveles:read',
  'niveles:write',
  'promociones:read',
  'promociones:write',
  'segmentos:write',
  'reportes:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

/**
 * What is wrong with a scope that is none of ours, for a key's configuration: the scope meant
 * when one is near (`clientes:raed`), else the list.
 */
export function unknownScopeMessage(value: unknown): string {
  const near = typeof value === 'string' ? nearestName(value, SCOPES) : undefined;
  const hint = near === undefined ? `; the scopes are ${SCOPES.join(', ')}` : `; did you mean "${near}"?`;
  return `unknown scope ${JSON.stringify(value)}${hint}`;
}
