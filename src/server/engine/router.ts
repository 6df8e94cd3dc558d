import { pathParamNames } from '../../operations/define.js';
import { API_PREFIX } from '../../operations/limits.js';
import { type Operation, operations } from '../../operations/table.js';

interface Route {
  pattern: RegExp;
  paramNames: string[];
  byMethod: Map<string, Operation>;
  allow: string;
}

export type RouteMatch =
  | { kind: 'operation'; operation: Operation; rawParams: string[]; paramNames: string[] }
  | { kind: 'method-not-allowed'; allow: string }
  | { kind: 'not-found' };

/** A method and path that name an operation. */
export type OperationRoute = Extract<RouteMatch, { kind: 'operation' }>;

const NOT_FOUND: RouteMatch = Object.freeze({ kind: 'not-found' });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `/clientes/{uid}/puntos` -> /^\/ext\/v3\/clientes\/([^/]+)\/puntos$/ (each parameter is one raw segment). */
function compile(path: string): RegExp {
  const source = `${API_PREFIX}${path}`
    .split(/\{\w+\}/)
    .map(escapeRegExp)
    .join('([^/]+)');
  return new RegExp(`^${source}$`);
}

/** Routes compiled once from the operation table; one route per path, holding its methods. */
function compileRoutes(): Route[] {
  const routes = new Map<string, Route>();
  for (const operation of operations) {
    let route = routes.get(operation.path);
    if (!route) {
      route = {
        pattern: compile(operation.path),
        paramNames: pathParamNames(operation.path),
        byMethod: new Map(),
        allow: '',
      };
      routes.set(operation.path, route);
    }
    route.byMethod.set(operation.method, operation);
    route.allow = [...route.byMethod.keys()].join(', ');
  }
  return [...routes.values()];
}

const ROUTES = compileRoutes();

/** Finds the operation of a raw (percent-encoded) path and a method. */
export function matchRoute(method: string, rawPath: string): RouteMatch {
  if (!rawPath.startsWith(API_PREFIX)) return NOT_FOUND;
  for (const route of ROUTES) {
    const match = route.pattern.exec(rawPath);
    if (!match) continue;
    const operation = route.byMethod.get(method);
    if (!operation) return { kind: 'method-not-allowed', allow: route.allow };
    return { kind: 'operation', operation, rawParams: match.slice(1), paramNames: route.paramNames };
  }
  return NOT_FOUND;
}
