// check-seams on planted violations (run by `npm run lint`): each rule of its header fails a
// server tree that breaks it, and a tree in the one module shape passes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkSeams } from './check-seams.mjs';

const roots = [];
after(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A checkout holding only these files under apps/server/src/modules. */
function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'check-seams-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, 'apps/server/src/modules', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

/** A module in the one shape: its index.ts wires, deps.ts declares, service.ts holds the rules. */
const wellShaped = (name, Name, deps = '') => ({
  [`${name}/deps.ts`]: `${deps}export interface ${Name}Deps { clock?: () => Date }\n`,
  [`${name}/index.ts`]: [
    `import type { AppContext } from '../../context.ts';`,
    `import type { ${Name}Deps } from './deps.ts';`,
    `import { ${Name}Service } from './service.ts';`,
    `export function create${Name}Module(ctx: AppContext, deps: ${Name}Deps) {`,
    `  const service = new ${Name}Service(ctx, deps);`,
    `  ctx.jobs.register('${name}.sweep', () => service.sweep(), { lane: 'default' });`,
    `  ctx.live.defineTopic('${name}', () => true);`,
    `  return { name: '${name}', api: service };`,
    `}`,
    '',
  ].join('\n'),
  [`${name}/service.ts`]: `export class ${Name}Service {\n  constructor(private ctx: unknown, private deps: unknown) {}\n  async sweep() {}\n}\n`,
});

const problemsOf = (files) => checkSeams(tree(files)).problems;

describe('check-seams', () => {
  it('passes modules in the one shape that call downward only', () => {
    const { problems, modules } = checkSeams(
      tree({
        ...wellShaped('alpha', 'Alpha'),
        ...wellShaped('beta', 'Beta', `import type { AlphaService } from '../alpha/service.ts';\n`),
      }),
    );
    assert.deepEqual(problems, []);
    assert.equal(modules, 2);
  });

  it('refuses wiring outside index.ts: a job, a sweep, a topic, the session loader, an event subscription, a service built', () => {
    const problems = problemsOf({
      ...wellShaped('alpha', 'Alpha'),
      'alpha/routes.ts': [
        `export function routes(ctx) {`,
        `  ctx.jobs.register('alpha.mail', async () => {});`,
        `  ctx.jobs.every('alpha.tick', 1000, async () => {});`,
        `  ctx.live.defineTopic('alpha-room', () => true);`,
        `  ctx.sessions.useLoader(async () => ({ state: { live: true } }));`,
        `  ctx.events.subscribe('users.account-deleted', async () => {});`,
        `  const s = new AlphaService(ctx, {});`,
        `  const t = createReportService(ctx);`,
        `}`,
      ].join('\n'),
    });
    const at = (line) => problems.filter((p) => p.includes(`alpha/routes.ts:${line}:`));
    assert.match(at(2)[0] ?? '', /a job registered outside index\.ts/);
    assert.match(at(3)[0] ?? '', /a job registered outside index\.ts/);
    assert.match(at(4)[0] ?? '', /a live topic defined outside index\.ts/);
    assert.match(at(5)[0] ?? '', /the session loader registered outside index\.ts/);
    assert.match(at(6)[0] ?? '', /a domain event subscribed outside index\.ts/);
    assert.match(at(7)[0] ?? '', /a service built outside index\.ts/);
    assert.match(at(8)[0] ?? '', /a service built outside index\.ts/);
  });

  it('refuses dependencies declared inline or outside deps.ts, and a Clock of a module’s own', () => {
    const inline = problemsOf({
      ...wellShaped('alpha', 'Alpha'),
      'alpha/index.ts': `import type { AppContext } from '../../context.ts';\nexport function createAlphaModule(ctx: AppContext, deps: { users: unknown }) {}\n`,
    });
    assert.ok(
      inline.some((p) => /alpha\/index\.ts: the module's dependencies are declared inline/.test(p)),
      inline.join('\n'),
    );
    const elsewhere = problemsOf({
      ...wellShaped('alpha', 'Alpha'),
      'alpha/index.ts': `import type { AppContext } from '../../context.ts';\nimport type { AlphaDeps } from './service.ts';\nexport function createAlphaModule(ctx: AppContext, deps: AlphaDeps) {}\n`,
    });
    assert.ok(
      elsewhere.some((p) => /are not a type from its deps\.ts/.test(p)),
      elsewhere.join('\n'),
    );
    const clock = problemsOf({ ...wellShaped('alpha', 'Alpha'), 'alpha/time.ts': `export type Clock = () => Date;\n` });
    assert.ok(
      clock.some((p) => /alpha\/time\.ts:1: `Clock` declared in a module/.test(p)),
      clock.join('\n'),
    );
  });

  it('refuses a cycle between modules, type-only imports included', () => {
    const problems = problemsOf({
      ...wellShaped('alpha', 'Alpha', `import type { BetaService } from '../beta/service.ts';\n`),
      ...wellShaped('beta', 'Beta', `import type { AlphaService } from '../alpha/service.ts';\n`),
    });
    assert.ok(
      problems.some((p) => /^module cycle: (alpha → beta → alpha|beta → alpha → beta)/.test(p)),
      problems.join('\n'),
    );
  });

  it('refuses ctx.services, `as unknown as` and `any` across a module boundary, and the users table outside users', () => {
    const problems = problemsOf({
      ...wellShaped('alpha', 'Alpha'),
      ...wellShaped('beta', 'Beta'),
      'beta/reader.ts': [
        `import type { AlphaService } from '../alpha/service.ts';`,
        `export const a = (x: unknown) => x as unknown as AlphaService;`,
        `export const b = (ctx) => ctx.services.alpha;`,
        `export const c = (db) => db.execute(\`select name from users where id = $1\`);`,
        `export const d = (x: unknown) => x as unknown as string;`,
      ].join('\n'),
      'beta/index.ts': `import type { AppContext } from '../../context.ts';\nimport type { BetaDeps } from './deps.ts';\nexport function createBetaModule(ctx: AppContext, deps: BetaDeps): any {}\n`,
    });
    const has = (re) =>
      assert.ok(
        problems.some((p) => re.test(p)),
        `${re}\n${problems.join('\n')}`,
      );
    has(/beta\/reader\.ts:2: `as unknown as` across a module boundary/);
    has(/beta\/reader\.ts:3: ctx\.services/);
    has(/beta\/reader\.ts:4: SQL reads the users table/);
    has(/beta\/index\.ts:3: `any` across a module boundary/);
    // a cast of the module's own values is the module's business
    assert.ok(!problems.some((p) => p.includes('beta/reader.ts:5')), problems.join('\n'));
  });
});
