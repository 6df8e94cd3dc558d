/** Where a field of a success's data is, as findings and profiles name it. */
export const DATA_LOCATION = 'response.200.data';

/**
 * `response.200.data[].fechaProgramada` -> `['[]', 'fechaProgramada']`: field names, and `[]` for
 * each item of a list, from `data` down.
 */
export function fieldPath(location: string): string[] {
  return location.slice(DATA_LOCATION.length).match(/\[\]|[^.[\]]+/g) ?? [];
}

/** `request.body.titulo` -> where the parameter travels (`body`, `query`, `header`) and its name. */
export function parameterPlace(location: string): { where: string; name: string } {
  const [, where = '', ...name] = location.split('.');
  return { where, name: name.join('.') };
}
