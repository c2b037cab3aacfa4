#!/usr/bin/env node
// Module seams the lint rules cannot express (docs/architecture.md "Boundaries"); run by
// `npm run lint`. Fails (exit 1) on:
//  - `ctx.services` anywhere in the server (modules receive each other by injection);
//  - `any` or `as unknown as` across a module boundary: in a module's public entry (index.ts,
//    ports.ts, events.ts), in the composition root, or on a line of a module file that names
//    something imported from another module;
//  - a cycle in the module graph, counting type-only imports too (import-x/no-cycle skips those);
//  - the users table read outside the users module: other modules join the `user_public` view
//    the users module publishes (`userPublic` from users/index.ts); `users/schema.ts` may be
//    imported only by a module's own schema.ts, where `users` may only be a foreign key's target
//    (`references(() => users.id …)`); no SQL text names `users` (`from users`, `join users`).
//  - the module shape (docs/architecture.md "One module shape"): a module's `index.ts` is its only
//    wiring. Outside it, no job or sweep is registered (`jobs.register`, `jobs.every`), no live
//    topic defined (`defineTopic`), no session loader registered (`sessions.useLoader`), no
//    domain event subscribed (`.subscribe('…'`), no service built (`new …Service(`, a call of
//    `create…Service(`); the module's `…Deps` interfaces are
//    declared in its `deps.ts`; `Clock` is the platform's (`clock.ts`), declared nowhere else.
// Tests and test helpers are held to the first rule only.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

const isTest = (p) => /(\.test\.tsx?|test-helpers\.ts|-test-kit\.ts)$/.test(p) || p.includes('/test-utils');
const PUBLIC_ENTRY = /\/modules\/[^/]+\/(index|ports|events)\.ts$|\/modules\/(index|types)\.ts$/;
const SERVICES = /\bctx\??\.services\b|\bAppContext\[['"]services['"]\]/;
const UNKNOWN_CAST = /\bas unknown as\b/;
const ANY = /(:\s*any\b|\bas any\b|<any>|\bany\[\]|Record<string,\s*any>)/;

/** Names a file imports from other modules (`../<other>/…`). */
function foreignNames(text, file, modulesDir) {
  const own = relative(modulesDir, file).split('/')[0];
  const names = new Set();
  const re = /import\s+(?:type\s+)?(?:\{([^}]*)\}|(\w+)|\*\s+as\s+(\w+))\s+from\s+'((?:\.\.\/)+)([\w-]+)\/[^']*'/g;
  for (const m of text.matchAll(re)) {
    const target = m[5];
    // `../../x` from modules/<m>/ leaves the modules folder (platform code): not a module boundary
    const ups = m[4].length / 3;
    const depth = relative(modulesDir, file).split('/').length - 1;
    if (ups !== depth || target === own) continue;
    if (m[1])
      for (const part of m[1].split(',')) {
        const name = part
          .replace(/\btype\b/, '')
          .split(/\s+as\s+/)
          .pop()
          .trim();
        if (name) names.add(name);
      }
    if (m[2]) names.add(m[2]);
    if (m[3]) names.add(m[3]);
  }
  return names;
}

/** The users table outside the users module (see the header). */
function usersTableReads(text, file, own, rel) {
  const out = [];
  if (own === 'users') return out;
  const base = file.split('/').pop();
  const lines = text.split('\n');
  const names = new Set();
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(?:\.\.\/)+users\/schema\.ts'/g)) {
    if (base !== 'schema.ts') {
      out.push(`${rel}: imports users/schema.ts (join \`userPublic\` from users/index.ts instead)`);
      break;
    }
    for (const part of m[1].split(',')) {
      const name = part
        .replace(/\btype\b/, '')
        .split(/\s+as\s+/)
        .pop()
        .trim();
      if (name) names.add(name);
    }
  }
  lines.forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(code) || /^\s*import\s/.test(code)) return;
    if (names.has('users') && /\busers\b/.test(code) && code.replace(/references\(\(\)\s*=>\s*users\.id\b/g, '').match(/\busers\b/)) {
      out.push(`${rel}:${i + 1}: the users table used other than as a foreign key's target`);
    }
    if (/\b(from|join)\s+"?users"?(\s|$|`|,|;)/i.test(code)) {
      out.push(`${rel}:${i + 1}: SQL reads the users table (join the \`user_public\` view)`);
    }
  });
  return out;
}

/** The module-shape rules (see the header) for one file of a module other than its index.ts. */
const SHAPE = [
  [/\.jobs\.(register|every)\(/, "a job registered outside index.ts (register it in the module's index.ts)"],
  [/\bdefineTopic\(/, 'a live topic defined outside index.ts'],
  [/\.sessions\.useLoader\(/, 'the session loader registered outside index.ts'],
  [/\.subscribe\(\s*'[\w-]+\.[\w.-]+'/, 'a domain event subscribed outside index.ts'],
  [/\bnew [A-Z]\w*Service\(|(?<!function )\bcreate[A-Z]\w*Service\(/, 'a service built outside index.ts'],
  [/^\s*(export )?(type Clock\s*=|interface Clock\b)/, '`Clock` declared in a module (import it from clock.ts)'],
];
function moduleShape(text, base, rel) {
  const out = [];
  if (base === 'index.ts') {
    // the factory's dependencies are the type deps.ts declares
    const factory = text.match(/export function create\w+Module\(\s*ctx: AppContext,\s*deps: ([^)]*?)\s*,?\s*\)/);
    if (factory) {
      const name = factory[1].trim();
      if (!/^\w+$/.test(name)) return [`${rel}: the module's dependencies are declared inline (declare them in its deps.ts)`];
      const fromDeps = new RegExp(`import\\s+(type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s+from\\s+'\\./deps\\.ts'`);
      if (!fromDeps.test(text)) out.push(`${rel}: the module's dependencies (\`${name}\`) are not a type from its deps.ts`);
    }
    return out;
  }
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(code)) return;
    for (const [re, what, allowed] of SHAPE) if (re.test(code) && !allowed?.(base)) out.push(`${rel}:${i + 1}: ${what}`);
  });
  return out;
}

/**
 * Every problem of the server under `root` (a checkout: `root/apps/server/src`), and the number of
 * modules in its graph. The test plants violations in a tree of its own (check-seams.test.mjs).
 */
export function checkSeams(root) {
  const server = join(root, 'apps/server/src');
  const modulesDir = join(server, 'modules');
  const problems = [];
  /** module → the modules its non-test files import (types included) */
  const graph = new Map();
  for (const file of walk(server)) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(root, file);
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (SERVICES.test(line)) problems.push(`${rel}:${i + 1}: ctx.services (modules receive each other by injection: modules/index.ts)`);
    });
    if (isTest(file) || !file.startsWith(modulesDir + '/')) continue;
    const own = relative(modulesDir, file).split('/')[0];
    if (own.endsWith('.ts')) continue; // modules/index.ts, modules/types.ts: the composition root
    problems.push(...usersTableReads(text, file, own, rel));
    problems.push(...moduleShape(text, file.split('/').pop(), rel));
    const edges = graph.get(own) ?? new Set();
    graph.set(own, edges);
    const depth = relative(modulesDir, file).split('/').length - 1;
    for (const m of text.matchAll(/from\s+'((?:\.\.\/)+)([\w-]+)\//g)) {
      if (m[1].length / 3 === depth && m[2] !== own) edges.add(m[2]);
    }
    const entry = PUBLIC_ENTRY.test(file);
    const foreign = foreignNames(text, file, modulesDir);
    const namesForeign = (line) => [...foreign].some((n) => new RegExp(`\\b${n}\\b`).test(line));
    lines.forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '');
      if (!UNKNOWN_CAST.test(code) && !ANY.test(code)) return;
      if (entry || namesForeign(code)) {
        const what = UNKNOWN_CAST.test(code) ? '`as unknown as`' : '`any`';
        problems.push(`${rel}:${i + 1}: ${what} across a module boundary (use the other module's exported type)`);
      }
    });
  }

  // cycles in the module graph (depth-first search; each cycle reported once by its members)
  const seen = new Set();
  const reported = new Set();
  function visit(node, stack) {
    if (stack.includes(node)) {
      const cycle = stack.slice(stack.indexOf(node));
      const key = [...cycle].sort().join(',');
      if (!reported.has(key)) {
        reported.add(key);
        problems.push(`module cycle: ${[...cycle, node].join(' → ')} (calls go downward only: docs/architecture.md)`);
      }
      return;
    }
    if (seen.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...stack, node]);
    seen.add(node);
  }
  for (const node of graph.keys()) visit(node, []);
  return { problems, modules: graph.size };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { problems, modules } = checkSeams(new URL('..', import.meta.url).pathname);
  if (problems.length) {
    console.error(`check-seams: ${problems.length} problem(s)\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `check-seams: no ctx.services, no any / as unknown as across module boundaries, no users-table reads outside users, ${modules} modules without a cycle`,
  );
}
