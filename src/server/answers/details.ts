import type { ParameterLocation, RequestIssue } from '../../operations/validate.js';

/** One entry of `details` in a 400 answer (docs/decisions.md). */
export interface ProblemDetail {
  in: ParameterLocation;
  /** Dotted parameter name (`usuarioData.email`); empty for the body as a whole. */
  name: string;
  message: string;
  /** The zod issue code, or one of ours for problems found before zod (`invalid_json`). */
  code: string;
}

/** `details` from the issues of `validateRequest`: the first path element is where, the rest is the name. */
export function detailsFromIssues(issues: readonly RequestIssue[]): ProblemDetail[] {
  const details: ProblemDetail[] = [];
  for (const issue of issues) {
    const [location, ...rest] = issue.path;
    const name = rest.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      // One entry per unknown key, so each is named like any other parameter; the table's
      // validation gives each key an issue of its own, with the name it was probably meant to be.
      const message = issue.keys.length === 1 ? issue.message : 'is not a known parameter';
      for (const key of issue.keys) {
        details.push({ in: location, name: name ? `${name}.${key}` : key, message, code: issue.code });
      }
      continue;
    }
    details.push({ in: location, name, message: issue.message, code: issue.code });
  }
  return details;
}
