import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative, sep } from 'node:path';
import { name as PACKAGE_NAME } from '../../../package.json';
import { SDK_VERSION } from '../../version.js';

/** The package's bin: what a user types, and what npm links in node_modules/.bin. */
const BIN = 'loyalty';

/** What a process can see of how it was started (docs/decisions.md, "The command a line prints"). */
export interface LaunchFacts {
  /** process.argv[1]: the bin link or script node ran; undefined when there is none. */
  script: string | undefined;
  /** process.argv0 and process.execArgv: node as it was typed, with its flags. */
  node: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Whether `loyalty` typed in a shell with this PATH runs `script`. */
  onPath: boolean;
}

/** When the launcher cannot be known: npm's way to run a project's bin, the one that works pasted in it. */
const FALLBACK = ['npx', BIN];

/** `npx loyalty`'s first word as npm saw it (npm_lifecycle_script is `'loyalty'`, or a -c command line). */
function execsLoyalty(env: LaunchFacts['env']): boolean {
  const first = env.npm_lifecycle_script
    ?.trim()
    .split(/\s+/)[0]
    ?.replace(/^'(.*)'$/, '$1');
  return env.npm_command === 'exec' && first === BIN;
}

/** `npx` or `npm exec`, with the -p packages given; only bash and zsh say which (`_`), else npx. */
function npmExecWords(facts: LaunchFacts): string[] {
  const viaNpm = /(^|[/\\])npm(\.cmd)?$/.test(facts.env._ ?? '');
  const packages = (facts.env.npm_config_package ?? '').split('\n').filter((name) => name !== '');
  // Run from npx's cache (no local install) and no -p: the package was named, not the bin.
  if (packages.length === 0 && /[/\\]_npx[/\\]/.test(facts.script ?? ''))
    return viaNpm
      ? ['npm', 'exec', '--', `${PACKAGE_NAME}@${SDK_VERSION}`]
      : ['npx', `${PACKAGE_NAME}@${SDK_VERSION}`];
  const given = packages.flatMap((name) => ['-p', name]);
  return viaNpm ? ['npm', 'exec', ...given, '--', BIN] : ['npx', ...given, BIN];
}

/**
 * A path as it can be pasted in `cwd`: relative when it lies inside (with `./` for a command, which
 * a shell would otherwise look up on PATH), else absolute.
 */
function shownPath(path: string, cwd: string, asCommand: boolean): string {
  const inside = relative(cwd, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return path;
  return asCommand || inside.startsWith('-') ? `.${sep}${inside}` : inside;
}

/**
 * The words that start this command again, pasted in the same folder: `npx loyalty`,
 * `npm exec -- loyalty`, `loyalty` when PATH finds this bin, the bin's path, `node path/to/cli.js`;
 * `npx loyalty` when the launcher cannot be known (an npm script, no script path).
 */
export function launcherWords(facts: LaunchFacts): string[] {
  const { script, env } = facts;
  if (execsLoyalty(env)) return npmExecWords(facts);
  if (script === undefined) return FALLBACK;
  // An npm script's PATH holds node_modules/.bin; the shell it is pasted in does not.
  if (env.npm_lifecycle_event !== undefined && /[/\\]node_modules[/\\]\.bin[/\\]/.test(script))
    return FALLBACK;
  if (facts.onPath) return [BIN];
  if (/\.[cm]?js$/.test(script) || facts.node.length > 1)
    return [...facts.node, shownPath(script, facts.cwd, false)];
  return [shownPath(script, facts.cwd, true)];
}

/** Whether the first `loyalty` on PATH is `script` (the same file, through links too). */
function isFirstOnPath(script: string, path: string | undefined): boolean {
  const real = (file: string) => {
    try {
      return realpathSync(file);
    } catch {
      return undefined;
    }
  };
  for (const directory of (path ?? '').split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, BIN);
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    return candidate === script || real(candidate) === real(script);
  }
  return false;
}

/** This process's launcher words (the resume and "run again" lines of `loyalty bulk` start with them). */
export function launcher(): string[] {
  const script = process.argv[1];
  return launcherWords({
    script,
    node: [process.argv0 || 'node', ...process.execArgv],
    env: process.env,
    cwd: process.cwd(),
    onPath: script !== undefined && isFirstOnPath(script, process.env.PATH),
  });
}
