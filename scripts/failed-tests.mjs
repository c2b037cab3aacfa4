#!/usr/bin/env node
// Prints what failed in one or more Vitest JSON reports (`--reporter=json --outputFile.json=F`):
// each failed test with its file and the first lines of its error, and each file that failed
// outside a test (an import or a hook). `npm test` and `.ci/run` print it last, so the end of a
// long log says what failed without scrolling back through the stages that ran after it.
// Usage: node scripts/failed-tests.mjs <label>=<report.json> ...
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const LINES = 12;
/** a stack frame inside a dependency or Node itself says nothing about which of our lines failed */
const noise = (line) => /^\s*at /.test(line) && (/node_modules|node:internal/.test(line) || !line.includes('/'));
const head = (text) =>
  String(text ?? '')
    .split('\n')
    .filter((l) => !noise(l))
    .slice(0, LINES);

/** @returns {string[]} lines describing the failures of one report, or why it could not be read */
export function failuresOf(label, file) {
  if (!existsSync(file)) return [`${label}: no report (the run stopped before writing ${file})`];
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return [`${label}: unreadable report ${file}: ${e.message}`];
  }
  const out = [];
  for (const suite of report.testResults ?? []) {
    const path = relative(root, suite.name);
    const failed = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      out.push(`${label} ✗ ${path} › ${a.fullName}`);
      for (const line of head((a.failureMessages ?? []).join('\n'))) out.push(`    ${line}`);
    }
    if (failed.length === 0 && suite.status === 'failed') {
      out.push(`${label} ✗ ${path} (failed outside its tests)`);
      for (const line of head(suite.message)) out.push(`    ${line}`);
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = process.argv.slice(2).flatMap((arg) => {
    const at = arg.indexOf('=');
    return failuresOf(arg.slice(0, at), arg.slice(at + 1));
  });
  if (lines.length > 0) console.error(`\nWhat failed:\n${lines.join('\n')}`);
}
