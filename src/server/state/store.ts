import type {
  AuditEntry,
  Customer,
  Group,
  Level,
  Movement,
  Notification,
  Promotion,
  ReportCatalog,
  Task,
} from '../answers/response.js';

type Sequence = 'customer' | 'movement' | 'group' | 'task' | 'notification';

/** The engine's whole mutable state. Seeding fills it; handlers and the admin helpers change it. */
export class Store {
  readonly customers = new Map<string, Customer>();
  /** Points history per customer uid, oldest first. */
  readonly movements = new Map<string, Movement[]>();
  readonly groups = new Map<number, Group>();
  readonly tasks = new Map<number, Task>();
  readonly promotions = new Map<number, Promotion>();
  /** Most coupons a promotion can see used in one day; drives the deterministic usage figures. */
  readonly couponDailyMax = new Map<number, number>();
  /** Sorted by `puntosMinimos`, lowest first. */
  levels: Level[] = [];
  reportCatalog: ReportCatalog = {};
  readonly audit: AuditEntry[] = [];
  readonly notifications: Notification[] = [];
  readonly #sequences: Record<Sequence, number> = {
    customer: 0,
    movement: 0,
    group: 0,
    task: 0,
    notification: 0,
  };

  /** The next number of a sequence: 1, 2, 3... */
  next(sequence: Sequence): number {
    this.#sequences[sequence] += 1;
    return this.#sequences[sequence];
  }

  historyOf(uid: string): Movement[] {
    let history = this.movements.get(uid);
    if (!history) {
      history = [];
      this.movements.set(uid, history);
    }
    return history;
  }
}
