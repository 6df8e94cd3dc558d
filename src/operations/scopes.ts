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
