// Preloaded into a measured child (`node --import`): at exit, its peak resident set on fd 3, which
// the parent opened as a pipe. Reading /proc after the exit is too late: a zombie has no VmHWM.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  try {
    writeSync(3, `${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS })}\n`);
  } catch {
    // Run without the pipe: nobody asked.
  }
});
