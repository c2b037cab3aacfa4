// scripts/check-styles.mjs on planted violations (run by `npm run lint`: node --test).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkStyles, LAYER_STATEMENT } from './check-styles.mjs';

const clean = [
  { path: 'shared/ui/layers.css', css: LAYER_STATEMENT },
  { path: 'shared/ui/tokens.css', css: '@layer tokens { :root { color-scheme: light dark; --color-bg: light-dark(#fff, #000); } }' },
  { path: 'shared/ui/base.css', css: "@import './layers.css';\n@layer base { button { font: inherit; } a:hover { color: red; } }" },
  { path: 'shared/ui/forms.css', css: '@layer shared { .input { width: 100%; } .input:focus { outline: 0; } }' },
  { path: 'app/layout.css', css: '@layer shell { .site-header { height: 64px; } }' },
  { path: 'features/jobs/jobs.css', css: '@layer features { .jn-search { display: flex; } .jn-search .input { width: auto; } }' },
  {
    path: 'features/lab/lab.css',
    css: '@layer features { @media (max-width: 768px) { .lab-grid { gap: 0; } } @keyframes spin { to { rotate: 1turn; } } }',
  },
];
const withSheet = (path, css) => [...clean.filter((s) => s.path !== path), { path, css }];

test('the clean set passes', () => {
  assert.deepEqual(checkStyles(clean), []);
});

test('refuses a rule outside a layer, and a rule in another folder’s layer', () => {
  const outside = checkStyles(withSheet('features/jobs/jobs.css', '.jn-search { display: flex; }'));
  assert.match(outside.join('\n'), /features\/jobs\/jobs\.css:1: a rule outside a cascade layer/);
  const wrong = checkStyles(withSheet('features/jobs/jobs.css', '@layer shared { .jn-search { display: flex; } }'));
  assert.match(wrong.join('\n'), /rules in layer "shared"; this folder's layer is "features"/);
});

test('refuses another layer order', () => {
  const problems = checkStyles(withSheet('shared/ui/layers.css', '@layer base, tokens, shared, shell, features;'));
  assert.match(problems.join('\n'), /the layer order is declared once/);
});

test('refuses a global element selector outside base.css', () => {
  const problems = checkStyles(
    withSheet('features/jobs/jobs.css', '@layer features { .jn-search { gap: 0; } button { color: red; } a:hover { color: blue; } }'),
  );
  assert.equal(problems.filter((p) => /global element selector/.test(p)).length, 2);
  assert.match(problems.join('\n'), /"a:hover" outside base\.css/);
});

test('refuses a class defined by two stylesheets, naming both', () => {
  const problems = checkStyles(withSheet('features/jobs/jobs.css', '@layer features { .jn-search { gap: 0; } .input { width: auto; } }'));
  assert.ok(
    problems.includes(
      '.input is defined by 2 stylesheets: features/jobs/jobs.css, shared/ui/forms.css (one owner; others refine it through a class of their own)',
    ),
    problems.join('\n'),
  );
});

test('refuses a modifier that sets what its block sets from another stylesheet of the layer', () => {
  const problems = checkStyles([
    ...withSheet('features/jobs/chips.css', '@layer features { .jn-chip { color: red; } }'),
    { path: 'features/jobs/active.css', css: '@layer features { .jn-chip--on { color: blue; } }' },
  ]);
  assert.match(
    problems.join('\n'),
    /\.jn-chip--on \(features\/jobs\/active\.css\) and its block \.jn-chip \(features\/jobs\/chips\.css\) both set color/,
  );
  // what the block does not set, a modifier may add from a sheet of its own
  const apart = checkStyles([
    ...withSheet('features/jobs/chips.css', '@layer features { .jn-chip { color: red; } }'),
    { path: 'features/jobs/active.css', css: '@layer features { .jn-chip--on { outline: 1px solid; } }' },
  ]);
  assert.doesNotMatch(apart.join('\n'), /a modifier lives beside its block/);
  const together = checkStyles(
    withSheet('features/jobs/chips.css', '@layer features { .jn-chip { color: red; } .jn-chip--on { color: blue; } }'),
  );
  assert.doesNotMatch(together.join('\n'), /a modifier lives beside its block/);
});

test("refuses a selector made only of other stylesheets' classes, and another feature's class", () => {
  const only = checkStyles(
    withSheet('features/jobs/jobs.css', '@layer features { .jn-search { gap: 0; } .site-header .input { width: auto; } }'),
  );
  assert.match(only.join('\n'), /styles only classes other stylesheets define \(\.site-header \.input\)/);
  const borrowed = checkStyles(
    withSheet('features/jobs/jobs.css', '@layer features { .jn-search { gap: 0; } .jn-search .lab-grid { gap: 1px; } }'),
  );
  assert.match(borrowed.join('\n'), /uses \.lab-grid of features\/lab\/lab\.css \(another feature's look: move it to shared\/ui\)/);
});

test('refuses a token defined twice (a dark block beside the light one)', () => {
  const problems = checkStyles(
    withSheet('shared/ui/tokens.css', "@layer tokens { :root { --color-bg: #fff; } :root[data-theme='dark'] { --color-bg: #000; } }"),
  );
  assert.match(problems.join('\n'), /token --color-bg is defined again \(first at shared\/ui\/tokens\.css:1\)/);
  const motion = checkStyles(
    withSheet(
      'shared/ui/tokens.css',
      '@layer tokens { :root { --motion-fast: 120ms; } @media (prefers-reduced-motion: reduce) { :root { --motion-fast: 0ms; } } }',
    ),
  );
  assert.deepEqual(motion, []);
});
