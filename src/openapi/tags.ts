/**
 * The document's tags: one per resource, the first part of an operation id (`clientes.puntos.add`
 * is `clientes`). A new resource fails test/openapi/document-metadata.test.ts until it is described here.
 */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  tareas: 'Tasks: automations made of a trigger, optional conditions and actions',
  clientes: 'Customers: profiles, points, notifications and levels',
  configuracion: "The program's configuration: levels and their rules",
  grupos: 'Groups of customers (from segment evaluation) and the actions on all their members',
  promociones: 'Gifts, promotions, code coupons and games, and their coupon usage',
  reportes: 'Reports: the catalogue',
  openapi: 'This document, as the calling key may use it',
};

/** The tag of an operation. */
export const tagOf = (operationId: string): string => operationId.split('.')[0] ?? operationId;

/** `tags` of the document: those its operations use, in the order they first appear, each described. */
export function documentTags(operationIds: readonly string[]): { name: string; description: string }[] {
  const names = [...new Set(operationIds.map(tagOf))];
  return names.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
}
