import type { Grupo } from '../../types.js';

/** A group as the server keeps it: the public record and its members. */
export interface GrupoConMiembros extends Grupo {
  grupoId: number;
  nombre: string;
  /** Distinct customer uids. */
  uids: string[];
}

/** One points movement made through the API, with the key that made it (never the key itself). */
export interface AuditEntry {
  movimientoId: string;
  uid: string;
  puntos: number;
  motivo: string | null;
  saldo: number;
  grupoId: number | null;
  operationId: string;
  keyId: string;
  appId: number;
  fecha: string;
}
