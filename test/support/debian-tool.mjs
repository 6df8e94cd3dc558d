// A tool the tests run for real (redis-server, zsh, fish): found on the PATH, else installed with
// apt-get where that can work (root on Debian, as on CI), else an Error whose one line says how to
// install it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** @param {string} command */
export function onPath(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** @param {string} debianPackage */
function aptInstall(debianPackage) {
  const run = (/** @type {string[]} */ args) =>
    execFileSync('apt-get', args, {
      stdio: 'pipe',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  try {
    run(['install', '-y', '--no-install-recommends', debianPackage]);
  } catch {
    // A fresh machine may have no package lists yet.
    run(['update']);
    run(['install', '-y', '--no-install-recommends', debianPackage]);
  }
}

/**
 * The command, installing its Debian package when this machine can.
 * @param {{ command: string, debianPackage: string, hint: string }} tool `hint`: the one line
 * saying how to install it by hand.
 */
export function ensureDebianTool({ command, debianPackage, hint }) {
  if (onPath(command)) return command;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    process.stderr.write(`${command} is missing: installing the Debian package ${debianPackage}...\n`);
    try {
      aptInstall(debianPackage);
    } catch (error) {
      throw new Error(
        `${hint} (apt-get failed: ${String(/** @type {Error} */ (error).message).split('\n')[0]})`,
      );
    }
    if (onPath(command)) return command;
  }
  throw new Error(hint);
}
