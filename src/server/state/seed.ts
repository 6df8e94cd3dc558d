import { TIPO } from '../../operations/promociones.js';
import type { Nivel, Promocion, Tarea } from '../../types.js';
import { addCustomer } from './customers.js';
import { isoInstant } from './instant.js';
import { recordMovement } from './ledger.js';
import { levelNameFor } from './levels.js';
import { demoReportCatalog } from './report-catalog.js';
import type { Store } from './store.js';

/** The program's configuration (levels, report catalog): present in every seed, the empty one included. */
function seedConfiguration(store: Store): void {
  const thresholds: Array<[string, number]> = [
    ['Bronce', 0],
    ['Plata', 1_000],
    ['Oro', 5_000],
  ];
  store.levels = thresholds.map(
    ([nombre, puntosMinimos], index): Nivel => ({
      nivelId: index + 1,
      nombre,
      puntosMinimos,
      reglas: [
        `Saldo de puntos de al menos ${puntosMinimos}`,
        'Se recalcula con la operación de recálculo de nivel',
      ],
    }),
  );
  store.reportCatalog = demoReportCatalog();
}

/** nombre, apellido, genero, ciudad, balance, tags, and the level stored at seed time when it lags behind the balance. */
type CustomerRow = [string, string, 'F' | 'M', string, number, string[], string?];

const CUSTOMERS: CustomerRow[] = [
  ['Ana', 'Gómez', 'F', 'Bogotá', 1_250, ['vip'], 'Bronce'],
  ['Bruno', 'Pérez', 'M', 'Medellín', 0, []],
  ['Camila', 'Rodríguez', 'F', 'Cali', 980, ['newsletter']],
  ['Diego', 'López', 'M', 'Bogotá', 5_000, ['vip']],
  ['Elena', 'Martínez', 'F', 'Lima', 320, []],
  ['Felipe', 'Sánchez', 'M', 'Santiago', 12_400, ['vip', 'newsletter']],
  ['Gabriela', 'Ramírez', 'F', 'Quito', 75, []],
  ['Hugo', 'Torres', 'M', 'Bogotá', 2_600, ['newsletter']],
  ['Isabel', 'Flores', 'F', 'Ciudad de México', 4_999, []],
  ['Javier', 'Rivera', 'M', 'Buenos Aires', 150, []],
  ['Karina', 'Castro', 'F', 'Medellín', 7_300, ['vip'], 'Plata'],
  ['Luis', 'Vargas', 'M', 'Cali', 1_000, []],
  ['María', 'Herrera', 'F', 'Bogotá', 640, ['newsletter']],
  ['Nicolás', 'Jiménez', 'M', 'Lima', 3_150, []],
  ['Olivia', 'Moreno', 'F', 'Santiago', 25_000, ['vip']],
  ['Pablo', 'Ruiz', 'M', 'Quito', 410, []],
  ['Rosa', 'Díaz', 'F', 'Bogotá', 1_880, []],
  ['Sergio', 'Álvarez', 'M', 'Ciudad de México', 90, ['newsletter']],
  ['Teresa', 'Romero', 'F', 'Buenos Aires', 5_750, []],
  ['Ulises', 'Navarro', 'M', 'Medellín', 260, []],
  ['Valeria', 'Ortiz', 'F', 'Cali', 9_999, ['vip']],
  ['Walter', 'Silva', 'M', 'Bogotá', 1_420, []],
  ['Ximena', 'Rojas', 'F', 'Lima', 560, ['newsletter']],
  ['Yolanda', 'Mendoza', 'F', 'Santiago', 3_300, []],
];

const ID_TYPES = ['CC', 'CE', 'PAS'];
const SEED_START = Date.UTC(2025, 0, 6, 14, 0, 0);
const HOUR_MS = 60 * 60 * 1_000;
const DAY_MS = 24 * HOUR_MS;

function emailOf(nombre: string, apellido: string): string {
  const plain = `${nombre}.${apellido}`.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  return `${plain.toLowerCase()}@example.com`;
}

/** Spread over 35 years and every month; day 28 at most, so every date exists. */
function birthdayOf(index: number): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${1970 + ((index * 7) % 35)}-${two((index % 12) + 1)}-${two((index % 28) + 1)}`;
}

/** Movements that add up to `balance`: a welcome bonus, purchases of at most 10000, sometimes a redemption. */
function movementsFor(index: number, balance: number): Array<[string, number]> {
  const welcome = 100;
  const redemption = index % 4 === 3 || balance < welcome ? Math.max(200, welcome - balance) : 0;
  const movements: Array<[string, number]> = [['Bono de bienvenida', welcome]];
  let purchases = balance - welcome + redemption;
  while (purchases > 0) {
    const amount = Math.min(purchases, 10_000);
    movements.push(['Compra en tienda', amount]);
    purchases -= amount;
  }
  if (redemption > 0) movements.push(['Canje de regalo', -redemption]);
  return movements;
}

function seedCustomers(store: Store): void {
  CUSTOMERS.forEach(([nombre, apellido, genero, ciudad, balance, etiquetas, storedLevel], index) => {
    const number = index + 1;
    const customer = addCustomer(store, {
      email: emailOf(nombre, apellido),
      profile: {
        nombre,
        apellido,
        telefono: `+57 300 555 ${String(1000 + number * 37).slice(-4)}`,
        tipoId: ID_TYPES[index % ID_TYPES.length],
        numId: String(10_000_000 + number * 7_919),
        genero,
        ciudad,
        birthday: birthdayOf(index),
      },
      etiquetas,
    });
    movementsFor(index, balance).forEach(([motivo, puntos], step) => {
      const fecha = isoInstant(SEED_START + index * DAY_MS + step * HOUR_MS);
      recordMovement(store, customer, { puntos, motivo, grupoId: null, fecha });
    });
    customer.nivel = storedLevel ?? levelNameFor(store.levels, customer.puntos);
  });
}

function seedGroups(store: Store): void {
  const all = [...store.customers.values()];
  const top = store.levels.at(-1)?.nombre;
  const groups: Array<[string, string[]]> = [
    ['Todos los clientes', all.map((customer) => customer.uid)],
    [
      `Clientes con saldo de nivel ${top}`,
      all.filter((customer) => levelNameFor(store.levels, customer.puntos) === top).map((c) => c.uid),
    ],
    ['Clientes de Bogotá', all.filter((customer) => customer.ciudad === 'Bogotá').map((c) => c.uid)],
  ];
  for (const [nombre, uids] of groups) {
    const grupoId = store.next('group');
    store.groups.set(grupoId, { grupoId, nombre, uids });
  }
}

type TaskRow = Pick<Tarea, 'nombre' | 'status'> & {
  disparador: string;
  condiciones: string[];
  acciones: string[];
};

const TASKS: TaskRow[] = [
  {
    nombre: 'Bienvenida a nuevos clientes',
    status: 1,
    disparador: 'registro',
    condiciones: [],
    acciones: ['enviar_notificacion', 'sumar_puntos'],
  },
  {
    nombre: 'Puntos por cumpleaños',
    status: 1,
    disparador: 'cumpleanos',
    condiciones: [],
    acciones: ['sumar_puntos'],
  },
  {
    nombre: 'Recordatorio de puntos por vencer',
    status: 0,
    disparador: 'puntos_por_vencer',
    condiciones: ['saldo_mayor_que_0'],
    acciones: ['enviar_notificacion'],
  },
  {
    nombre: 'Reactivación de clientes inactivos',
    status: 0,
    disparador: 'inactividad',
    condiciones: ['sin_compras_90_dias'],
    acciones: ['enviar_notificacion', 'asignar_etiqueta'],
  },
  {
    nombre: 'Felicitación por ascenso de nivel',
    status: 1,
    disparador: 'cambio_nivel',
    condiciones: ['nivel_nuevo_superior'],
    acciones: ['enviar_notificacion'],
  },
];

function seedTasks(store: Store): void {
  for (const task of TASKS) {
    const tareaId = store.next('task');
    store.tasks.set(tareaId, { tareaId, ...structuredClone(task), ultimoCambio: null });
  }
}

/** Ordinary gifts use tipo 1 (gifts) and 3 (discounts); 101 and 7 are the spec's code coupons and games. */
type PromotionRow = Pick<Promocion, 'nombre' | 'tipo' | 'estado' | 'fechaProgramada'>;

/** Each promotion with the most coupons it sees used in a day. */
const PROMOTIONS: Array<[PromotionRow, number]> = [
  [{ nombre: 'Café gratis', tipo: TIPO.gifts, estado: 'activa', fechaProgramada: null }, 12],
  [{ nombre: 'Entrada de cine 2x1', tipo: TIPO.gifts, estado: 'inactiva', fechaProgramada: null }, 8],
  [{ nombre: '20% de descuento en calzado', tipo: 3, estado: 'activa', fechaProgramada: null }, 15],
  [{ nombre: 'Kit de bienvenida', tipo: TIPO.gifts, estado: 'programada', fechaProgramada: '2026-12-01' }, 5],
  [{ nombre: 'Cupón BIENVENIDA10', tipo: TIPO.codeCoupon, estado: 'activa', fechaProgramada: null }, 40],
  [{ nombre: 'Cupón VERANO25', tipo: TIPO.codeCoupon, estado: 'inactiva', fechaProgramada: null }, 30],
  [{ nombre: 'Ruleta de premios', tipo: TIPO.game, estado: 'activa', fechaProgramada: null }, 25],
  [
    {
      nombre: 'Raspa y gana',
      tipo: TIPO.game,
      estado: 'programada',
      fechaProgramada: '2026-07-15T09:00:00-05:00',
    },
    20,
  ],
  [{ nombre: 'Envío gratis', tipo: 3, estado: 'inactiva', fechaProgramada: null }, 10],
];

function seedPromotions(store: Store): void {
  PROMOTIONS.forEach(([promotion, dailyMax], index) => {
    const regaloId = index + 1;
    store.promotions.set(regaloId, { regaloId, ...promotion });
    store.couponDailyMax.set(regaloId, dailyMax);
  });
}

/** Fills a fresh store. Deterministic: the same seed always gives the same data. */
/** The seeds the server can start from: the demo data, or only the program's configuration. */
export type SeedName = 'demo' | 'empty';

export function seedStore(store: Store, seed: SeedName): void {
  seedConfiguration(store);
  if (seed === 'empty') return;
  seedCustomers(store);
  seedGroups(store);
  seedTasks(store);
  seedPromotions(store);
}
