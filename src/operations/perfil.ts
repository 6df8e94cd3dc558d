import * as z from 'zod';
import { isoDate } from './fields.js';

const text = z.string('must be a string');
const int = z.int('must be an integer');

/** The updatable profile fields of the spec; the email is not among them. */
export const perfilUpdate = z.strictObject({
  nombre: text.optional(),
  apellido: text.optional(),
  telefono: text.optional(),
  tipoId: text.describe('Identification type').optional(),
  numId: text.describe('Identification number').optional(),
  extId: text.describe('Customer id in an external system (ERP or point of sale)').optional(),
  genero: text.optional(),
  ciudad: text.optional(),
  birthday: isoDate.optional(),
  tipoContribuyente: int.min(1, 'must be 1..6').max(6, 'must be 1..6').describe('Fiscal type').optional(),
  digitoVerificador: text.optional(),
  genericString1: text.optional(),
  genericString2: text.optional(),
  genericString3: text.optional(),
  genericString4: text.optional(),
  genericString5: text.optional(),
  genericInt1: int.optional(),
  genericInt2: int.optional(),
  genericInt3: int.optional(),
  genericInt4: int.optional(),
  genericInt5: int.optional(),
  genericDate1: isoDate.optional(),
  genericDate2: isoDate.optional(),
});
