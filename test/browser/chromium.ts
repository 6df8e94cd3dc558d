import { execFileSync } from 'node:child_process';
import { ensureDebianTool } from '../support/debian-tool.mjs';

const INSTALL_HINT =
  'chromium is missing: install it (Debian/Ubuntu: sudo apt-get install -y chromium) and run the tests again';

/** The absolute path of Debian's chromium, installing it when this machine can; else an Error with the hint. */
export function chromiumExecutable(): string {
  const command = ensureDebianTool({ command: 'chromium', debianPackage: 'chromium', hint: INSTALL_HINT });
  // puppeteer checks that executablePath exists, so a name on the PATH is not enough.
  return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
}

/** Headless, as root (no sandbox), without a GPU, and with /tmp for shared memory (small /dev/shm in containers). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
