/**
 * Ajv with the formats of JSON Schema (`date`, `email`, `date-time`, ...) registered: without
 * them Ajv warns "unknown format ... ignored" for each schema that names one, and checks nothing.
 */
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';

/** A new Ajv that checks formats. */
export const ajvWithFormats = (options: Options): Ajv => addFormats(new Ajv(options));

/** openapi-backend's `customizeAjv`: the same formats on the Ajv it makes (its own copy of Ajv's types). */
export const customizeAjv = <Instance>(ajv: Instance): Instance => addFormats(ajv as never) as Instance;
