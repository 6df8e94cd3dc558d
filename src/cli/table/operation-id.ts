import { nearestName } from '../../core/index.js';
import { findOperation, type Operation, operationIds } from '../../operations/table.js';
import { UsageError } from '../shared/usage-error.js';

/** Where a user finds the operation ids (`loyalty --help` lists resources, not ids). */
export const WHERE_IDS_ARE = 'loyalty whoami lists the ids';

/** The operation `id` names (`loyalty bulk <id>`, `loyalty help <id>`); else the nearest id, and where they are. */
export function operationById(id: string): Operation {
  const operation = findOperation(id);
  if (operation) return operation;
  const near = nearestName(id, operationIds);
  throw new UsageError(
    `unknown operation ${JSON.stringify(id)}${near ? `; did you mean ${near}?` : ''} (${WHERE_IDS_ARE})`,
  );
}
