import type {
  Cliente,
  Nivel,
  Notificacion,
  Promocion,
  PuntosMovimiento,
  ReportCatalog,
  Tarea,
} from '../../types.js';
import type { AuditEntry, GrupoConMiembros } from './records.js';
import { demoReportCatalog } from './report-catalog.js';

type Sequence = 'customer' | 'movement' | 'group' | 'task' | 'notification';

/** The engine's whole mutable state. Seeding fills it; handlers and the admin helpers change it. */
export class Store {
  readonly customers = new Map<string, Cliente>();
  /** Points history per customer uid, oldest first. */
  readonly movements = new Map<string, PuntosMovimiento[]>();
  readonly groups = new Map<number, GrupoConMiembros>();
  readonly tasks = new Map<number, Tarea>();
  readonly promotions = new Map<number, Promocion>();
  /** Most coupons a promotion can see used in one day; drives the deterministic usage figures. */
  readonly couponDailyMax = new Map<number, number>();
  /** Sorted by `puntosMinimos`, lowest first. */
  levels: Nivel[] = [];
  reportCatalog: ReportCatalog = demoReportCatalog();
  readonly audit: AuditEntry[] = [];
  readonly notifications: Notificacion[] = [];
  readonly #sequences: Record<Sequence, number> = {
    customer: 0,
    movement: 0,
    group: 0,
    task: 0,
    notification: 0,
  };

  #createdRecords = 0;

  /** The records requests created (record-limits.ts); the seed and the admin helpers count none. */
  get createdRecords(): number {
    return this.#createdRecords;
  }

  countCreated(count: number): void {
    this.#createdRecords += count;
  }

  /** The next number of a sequence: 1, 2, 3... */
  next(sequence: Sequence): number {
    this.#sequences[sequence] += 1;
    return this.#sequences[sequence];
  }

  /** The number `next` would give, without taking it. */
  peek(sequence: Sequence): number {
    return this.#sequences[sequence] + 1;
  }

  historyOf(uid: string): PuntosMovimiento[] {
    let history = this.movements.get(uid);
    if (!history) {
      history = [];
      this.movements.set(uid, history);
    }
    return history;
  }
}
