import * as z from 'zod/mini';
import { isoDate } from './fields.js';
import { once } from './once.js';

const text = () => z.optional(z.string('must be a string'));
const int = () => z.optional(z.int('must be an integer'));
const date = () => z.optional(isoDate());

/** The updatable profile fields of the spec; the email is not among them. */
export const perfilUpdate = /* @__PURE__ */ once(() =>
  z.strictObject({
    nombre: text(),
    apellido: text(),
    telefono: text(),
    tipoId: text(),
    numId: text(),
    extId: text(),
    genero: text(),
    ciudad: text(),
    birthday: date(),
    tipoContribuyente: z.optional(
      z.int('must be an integer').check(z.minimum(1, 'must be 1..6'), z.maximum(6, 'must be 1..6')),
    ),
    digitoVerificador: text(),
    genericString1: text(),
    genericString2: text(),
    genericString3: text(),
    genericString4: text(),
    genericString5: text(),
    genericInt1: int(),
    genericInt2: int(),
    genericInt3: int(),
    genericInt4: int(),
    genericInt5: int(),
    genericDate1: date(),
    genericDate2: date(),
  }),
);
