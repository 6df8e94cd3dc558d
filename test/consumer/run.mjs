// Consumer check: pack the package as npm would publish it, install the tarball into a fresh
// project outside the repository and use it there as an integrator does (vitest with MSW and
// the in-process client, require() and import, tsc under nodenext, bundler and node10, deliberate
// type errors that must fail). Expects a built dist/ (`npm run build`). Under `npm test` it checks
// the tarball the build step packed (PACKED_TARBALL, test/steps.mjs), which was also packed after
// `npm run build:demo` (test/package/build-tarball.mjs).
//
//   node test/consumer/run.mjs [--tarball FILE] [--keep]
//
// --tarball  check this .tgz instead of packing the working tree (default: PACKED_TARBALL)
// --keep     keep the temporary project (it is always kept when a step fails)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { manifestTargets } from '../package/manifest-targets.mjs';
import { packTree, tarballContents } from '../package/tarball.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixture/', import.meta.url));
/** The tools the consumer project installs, at the versions the repository itself installed. */
const DEV_TOOLS = ['msw', 'vitest', 'typescript', '@types/node'];
const STEP_TIMEOUT_MS = 120_000;

const { values: flags } = parseArgs({
  options: { tarball: { type: 'string' }, keep: { type: 'boolean', default: false } },
});

/** The environment of the consumer's processes: nothing of this repository's npm run, no SDK settings. */
function consumerEnv() {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const name of Object.keys(env)) {
    if (/^(npm_package_|npm_lifecycle_|npm_config_local_prefix$|INIT_CWD$|LOYALTY_|VITEST)/.test(name)) {
      delete env[name];
    }
  }
  return env;
}

/**
 * @typedef {{ code: number | null, signal: string | null, output: string, ms: number, command: string }} RunResult
 */

/**
 * Runs a command; never rejects: the result says how it ended.
 * @param {string} command @param {string[]} args @param {string} cwd
 * @returns {Promise<RunResult>}
 */
function run(command, args, cwd) {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd,
      env: consumerEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), STEP_TIMEOUT_MS);
    child.on('error', (error) => {
      output += String(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, output, ms: performance.now() - started, command: [command, ...args].join(' ') });
    });
  });
}

class StepFailure extends Error {
  /** @param {string} message @param {string} [output] */
  constructor(message, output = '') {
    super(message);
    this.output = output;
  }
}

/** @param {RunResult} result */
function mustSucceed(result) {
  if (result.code !== 0) {
    const how = result.signal ? `was killed (${result.signal})` : `exited with ${result.code}`;
    throw new StepFailure(`\`${result.command}\` ${how}`, result.output);
  }
  return result;
}

/** @type {Array<{ name: string, ok: boolean, ms: number }>} */
const results = [];
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one step, prints its summary line and, when it fails, what it printed.
 * @param {string} name @param {() => Promise<string | undefined>} action
 */
async function step(name, action) {
  const started = performance.now();
  try {
    const detail = await action();
    const ms = performance.now() - started;
    results.push({ name, ok: true, ms });
    console.log(`ok    ${name.padEnd(24)} ${seconds(ms).padStart(7)}  ${detail}`);
  } catch (error) {
    const ms = performance.now() - started;
    results.push({ name, ok: false, ms });
    const failure = error instanceof Error ? error : new Error(String(error));
    console.log(`FAIL  ${name.padEnd(24)} ${seconds(ms).padStart(7)}  ${failure.message}`);
    const output = failure instanceof StepFailure ? failure.output.trim() : String(failure.stack);
    if (output) console.log(output.replace(/^/gm, '      | '));
  }
}

/**
 * Newest modification time under a directory (ms), for the stale-dist warning.
 * @param {string} directory
 */
async function newestMtime(directory) {
  let newest = 0;
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const { mtimeMs } = await stat(join(entry.parentPath, entry.name));
    newest = Math.max(newest, mtimeMs);
  }
  return newest;
}

/**
 * The version of a tool installed in the repository, else the range its package.json asks for.
 * @param {string} name @param {{ devDependencies?: Record<string, string> }} rootManifest
 * @returns {Promise<string>}
 */
async function toolVersion(name, rootManifest) {
  try {
    const installed = JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
    return installed.version;
  } catch {
    return rootManifest.devDependencies?.[name] ?? 'latest';
  }
}

/**
 * `file(line,col): error TSnnnn: ...` lines of tsc --pretty false.
 * @param {string} output
 */
function tscErrors(output) {
  return [...output.matchAll(/^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/gm)].map(
    ([, file = '', line, , code = '', message = '']) => ({ file, line: Number(line), code, message }),
  );
}

const checkStarted = performance.now();
const work = await mkdtemp(join(tmpdir(), 'loyalty-sdk-consumer-'));
const project = join(work, 'project');
const given = flags.tarball ?? process.env.PACKED_TARBALL;
let tarball = given ? resolve(given) : '';
let installed = false;

console.log(`consumer check in ${work}`);

await step('pack', async () => {
  let origin = 'given';
  if (!tarball) {
    const built = await stat(join(ROOT, 'dist')).catch(() => undefined);
    if (!built) throw new StepFailure('dist/ is missing: run `npm run build` first');
    if ((await newestMtime(join(ROOT, 'src'))) > (await newestMtime(join(ROOT, 'dist')))) {
      console.log('warn  dist/ is older than src/: run `npm run build` to check the current sources');
    }
    tarball = await packTree(ROOT, work);
    origin = 'packed';
  }
  const { files, manifest } = await tarballContents(tarball);
  const missing = manifestTargets(manifest).filter((target) => !files.has(target));
  if (missing.length > 0) {
    throw new StepFailure(
      `package.json points at files the tarball lacks: ${missing.join(', ')} (if dist/ was being rebuilt, run again)`,
    );
  }
  const { size } = await stat(tarball);
  return `${origin} ${tarball.split('/').pop()}: ${files.size} files, ${(size / 1024).toFixed(0)} KiB; every exports/main/types/bin target present`;
});

if (results.every((result) => result.ok)) {
  await step('install', async () => {
    const rootManifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    await cp(FIXTURE, project, { recursive: true });
    const template = await readFile(join(project, 'type-errors.ts.txt'), 'utf8');
    await writeFile(join(project, 'type-errors.ts'), template);
    await rm(join(project, 'type-errors.ts.txt'));
    /** @type {Record<string, string>} */
    const devDependencies = {};
    for (const name of DEV_TOOLS) devDependencies[name] = await toolVersion(name, rootManifest);
    const manifest = {
      name: 'loyalty-sdk-consumer-check',
      version: '1.0.0',
      private: true,
      type: 'module',
      dependencies: { 'loyalty-sdk': `file:${tarball}` },
      devDependencies,
    };
    await writeFile(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // From the npm cache the repository's own install filled; the registry only for what is missing.
    const common = ['install', '--no-audit', '--no-fund', '--include=dev', '--loglevel=error'];
    let mode = 'offline';
    let result = await run('npm', [...common, '--offline'], project);
    if (result.code !== 0) {
      mode = 'prefer-offline (the cache lacked something)';
      result = mustSucceed(await run('npm', [...common, '--prefer-offline'], project));
    }
    installed = true;
    // zod runs bundled inside dist and no declaration imports it: nothing may install it again.
    if (existsSync(join(project, 'node_modules', 'zod')))
      throw new Error('zod got installed beside loyalty-sdk: something depends on it again');
    const tools = Object.entries(devDependencies)
      .map(([name, version]) => `${name}@${version}`)
      .join(', ');
    return `npm install --${mode}: loyalty-sdk from the tarball, ${tools}; no zod installed`;
  });
}

/** The installed package run as a consumer runs it: its tests (MSW, in process), both builds, the compat fixture. */
async function consumerRuns() {
  await step('vitest (MSW, in-process)', async () => {
    const result = await run(
      'npx',
      [
        '--no',
        '--',
        'vitest',
        'run',
        '--exclude=compat/**',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=vitest.json',
      ],
      project,
    );
    const report = JSON.parse(await readFile(join(project, 'vitest.json'), 'utf8').catch(() => '{}'));
    mustSucceed(result);
    if (!report.success || report.numPassedTests === 0)
      throw new StepFailure('vitest reported no success', result.output);
    return `${report.numPassedTests}/${report.numTotalTests} tests passed in ${report.testResults.length} files`;
  });

  for (const file of ['smoke.cjs', 'smoke.mjs']) {
    await step(`node ${file}`, async () => {
      const result = mustSucceed(await run(process.execPath, [file], project));
      return result.output.trim().split('\n').at(-1);
    });
  }

  // The compatibility fixture: code written against the 0.x surface (every entry) that must keep
  // compiling and passing; a change that breaks it is a breaking change (docs/decisions.md, "Versioning").
  await step('compat fixture', async () => {
    const compiled = await run(
      'npx',
      ['--no', '--', 'tsc', '-p', 'tsconfig.compat.json', '--pretty', 'false'],
      project,
    );
    if (compiled.code !== 0) {
      throw new StepFailure(
        'code written against the 0.x surface no longer compiles: a breaking change (docs/decisions.md, "Versioning")',
        compiled.output,
      );
    }
    const result = await run(
      'npx',
      [
        '--no',
        '--',
        'vitest',
        'run',
        '--dir',
        'compat',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=compat.json',
      ],
      project,
    );
    const report = JSON.parse(await readFile(join(project, 'compat.json'), 'utf8').catch(() => '{}'));
    if (result.code !== 0 || !report.success || report.numPassedTests === 0) {
      throw new StepFailure(
        'code written against the 0.x surface no longer passes: a breaking change (docs/decisions.md, "Versioning")',
        result.output,
      );
    }
    return `compiles (strict, exactOptionalPropertyTypes) and ${report.numPassedTests}/${report.numTotalTests} tests pass in ${report.testResults.length} files`;
  });
}

/**
 * The installed package's declarations under one module resolution. node10 (CommonJS without an
 * exports map) runs with skipLibCheck off: the typesVersions of the subpaths and the declarations
 * of every dependency, zod's included, must hold under it.
 * @param {string} config
 */
async function resolutionCheck(config) {
  await step(`tsc -p ${config.replace(/^tsconfig\.|\.json$/g, '')}`, async () => {
    const args = ['--no', '--', 'tsc', '-p', config, '--pretty', 'false', '--listFiles'];
    const result = await run('npx', args, project);
    const files = result.output.split('\n');
    // On failure, show the errors, not the --listFiles listing.
    mustSucceed({ ...result, output: files.filter((line) => !line.startsWith(project)).join('\n') });
    const own = files.filter((line) => line.startsWith(project) && !line.includes('/node_modules/'));
    const sdk = files.filter((line) => line.includes('/node_modules/loyalty-sdk/'));
    const { compilerOptions } = JSON.parse(await readFile(join(project, config), 'utf8'));
    const libCheck = compilerOptions.skipLibCheck
      ? 'skipLibCheck on'
      : 'skipLibCheck off: declarations checked too';
    return `no errors in ${own.length} consumer files with ${sdk.length} loyalty-sdk declaration files (${libCheck})`;
  });
}

/** The type errors the installed declarations must give, exactly those marked. */
async function typeErrorsCheck() {
  await step('tsc type errors', async () => {
    const source = await readFile(join(project, 'type-errors.ts'), 'utf8');
    const expected = source
      .split('\n')
      .flatMap((text, index) =>
        [...text.matchAll(/\/\/ expect (TS\d+)/g)].map(([, code]) => `${index + 1}:${code}`),
      );
    const result = await run(
      'npx',
      ['--no', '--', 'tsc', '-p', 'tsconfig.type-errors.json', '--pretty', 'false'],
      project,
    );
    const errors = tscErrors(result.output);
    const where = (/** @type {{ file: string, line: number, code: string }} */ error) =>
      error.file === 'type-errors.ts'
        ? `${error.line}:${error.code}`
        : `${error.file}:${error.line}:${error.code}`;
    const actual = errors.map(where);
    const problems = [];
    if (result.code === 0) problems.push('tsc exited 0');
    for (const want of expected) {
      if (!actual.includes(want)) problems.push(`no ${want.split(':')[1]} on line ${want.split(':')[0]}`);
    }
    for (const error of errors) {
      if (!expected.includes(where(error))) {
        problems.push(`unexpected ${error.code} on line ${error.line} of ${error.file}: ${error.message}`);
      }
    }
    if (expected.length === 0) problems.push('type-errors.ts marks no expected error');
    if (problems.length > 0) throw new StepFailure(problems.join('; '), result.output);
    const codes = [...new Set(expected.map((entry) => entry.split(':')[1]))].join(', ');
    return `tsc failed as it must (exit ${result.code}): exactly the ${expected.length} marked errors (${codes})`;
  });
}

// The lanes read the installed project and write to different files: they run side by side, the
// longest type check (nodenext, declarations checked) in a lane of its own.
if (installed) {
  await Promise.all([
    consumerRuns(),
    resolutionCheck('tsconfig.nodenext.json'),
    (async () => {
      await resolutionCheck('tsconfig.bundler.json');
      await resolutionCheck('tsconfig.node10.json');
      await typeErrorsCheck();
    })(),
  ]);
}

const failed = results.filter((result) => !result.ok);
const total = seconds(performance.now() - checkStarted);
if (failed.length === 0 && !flags.keep) {
  await rm(work, { recursive: true, force: true });
  console.log(`consumer check passed: ${results.length} steps in ${total}`);
} else if (failed.length === 0) {
  console.log(`consumer check passed: ${results.length} steps in ${total}; kept ${work}`);
} else {
  console.log(
    `consumer check FAILED (${failed.map((result) => result.name).join(', ')}) in ${total}; project kept in ${work}`,
  );
  process.exitCode = 1;
}
