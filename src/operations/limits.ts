/** Numeric limits of the spec's Limits table that both the client and the server enforce. */
export const LIMITS = {
  puntosPerCall: 10_000,
  idempotencyKeyMinLength: 8,
  idempotencyKeyMaxLength: 128,
  uidMaxLength: 128,
  tituloMaxLength: 120,
  mensajeMaxLength: 500,
  comandoMaxLength: 40,
  fechaMaxLength: 30,
  tareaNombreMaxLength: 200,
  grupoNombreMaxLength: 120,
  /** Not in the spec: a bound on /cupones periods (one answer row per day), docs/decisions.md. */
  cuponesMaxDays: 366,
} as const;

/** The path prefix of every operation (spec: Versioning). */
export const API_PREFIX = '/ext/v3';
