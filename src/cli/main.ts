#!/usr/bin/env node
import { runCli } from './run.js';
import { EXIT } from './shared/exit-codes.js';
import { createOutput } from './shared/output.js';
import { reportError } from './shared/report-error.js';
import { failIfUnsettled } from './shared/unfinished.js';

const command = runCli(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = reportError(error, createOutput(false));
  },
);
failIfUnsettled(
  command,
  'loyalty: the call did not finish (the process had nothing left to wait for, yet neither an answer nor an error came)',
  EXIT.noAnswer,
);
