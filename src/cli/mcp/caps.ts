import { counted } from '../../core/index.js';
import { POINTS_FIELD } from '../table/tool-schema.js';

/** Bounds given on the command line (`--max-points`, `--max-customers`); a call beyond them is refused before anything is sent. */
export interface McpCaps {
  maxPoints?: number | undefined;
  maxCustomers?: number | undefined;
}

/** Why the points of a call exceed `--max-points`, or undefined when they do not. */
export function pointsRefusal(caps: McpCaps, args: Record<string, unknown>): string | undefined {
  const points = args[POINTS_FIELD];
  if (caps.maxPoints === undefined || typeof points !== 'number' || Math.abs(points) <= caps.maxPoints) {
    return undefined;
  }
  return `Refused, nothing was sent: ${POINTS_FIELD} ${points} exceeds this server's cap of ${counted(caps.maxPoints, 'point')} per call (loyalty mcp --max-points). Split the movement, or ask the operator.`;
}

/** Why a group action reaching `afectados` customers may not be applied, or undefined. */
export function customersRefusal(caps: McpCaps, afectados: number): string | undefined {
  if (caps.maxCustomers === undefined || afectados <= caps.maxCustomers) return undefined;
  return `Refused, nothing was applied: the action would reach ${afectados} customers, more than this server's cap of ${caps.maxCustomers} (loyalty mcp --max-customers). Ask the operator to apply it.`;
}
