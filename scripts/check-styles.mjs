#!/usr/bin/env node
// The web's stylesheets cannot depend on which page's CSS arrived first (GUIDE §5, docs/web-shell.md
// "Styles: layers and ownership"); run by `npm run lint`. Fails (exit 1) on:
//  - a rule outside a cascade layer, or in another layer than its folder's (LAYER_OF): tokens.css in
//    `tokens`, base.css in `base`, the rest of shared/ in `shared`, app/ in `shell`, features/ in
//    `features`; only @import, @font-face and the layer order statement may stand outside;
//  - a layer order statement other than the one in shared/ui/layers.css;
//  - a global element selector (one without a class or id: `button`, `a:hover`, `h2 + p`) outside
//    base.css (and `:root` outside tokens.css and base.css);
//  - a class defined (styled by a selector that names no other class) by two stylesheets: both files;
//  - a modifier (`.block--x`) that sets what its block (`.block`) sets, from another stylesheet of the
//    same layer (which wins would depend on load order);
//  - a selector that names only classes other stylesheets define (it restyles their look), or a class
//    that another feature's stylesheet defines (a look two features share belongs in shared/ui);
//  - a second definition of a token (a custom property set on `:root` or `html`), but for the
//    motion tokens under prefers-reduced-motion.
// The same checks run on planted violations in scripts/check-styles.test.mjs.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import postcss from 'postcss';

export const LAYERS = ['tokens', 'base', 'shared', 'shell', 'features'];
export const LAYER_STATEMENT = `@layer ${LAYERS.join(', ')};`;

/** The layer a stylesheet's rules belong to, from its path under apps/web/src. */
export function layerOf(path) {
  if (path === 'shared/ui/tokens.css') return 'tokens';
  if (path === 'shared/ui/base.css' || path === 'shared/ui/fonts.css') return 'base';
  if (path.startsWith('shared/')) return 'shared';
  if (path.startsWith('app/')) return 'shell';
  if (path.startsWith('features/')) return 'features';
  return null;
}

const featureOf = (path) => /^features\/([^/]+)\//.exec(path)?.[1] ?? null;

/** The selector without the arguments of functional pseudo-classes and attribute selectors. */
function outer(selector) {
  let depth = 0;
  let out = '';
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '\\') {
      if (depth === 0) out += ch + (selector[i + 1] ?? '');
      i++;
    } else if (ch === '(' || ch === '[') {
      if (depth === 0) out += ch;
      depth++;
    } else if (ch === ')' || ch === ']') {
      depth--;
      if (depth === 0) out += ch;
    } else if (depth === 0) out += ch;
  }
  return out;
}
const classesOf = (selector) => [...new Set([...outer(selector).matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]))];
const hasId = (selector) => /#[\w-]/.test(outer(selector));

function insideKeyframes(node) {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'atrule' && /keyframes$/.test(p.name)) return true;
  return false;
}

/**
 * Checks stylesheets given as `{ path, css }` (path relative to apps/web/src); returns the problems,
 * one sentence each.
 */
export function checkStyles(sheets) {
  const problems = [];
  const defined = new Map(); // class → files that define it
  const sets = new Map(); // class → the `media|property` pairs its own rules set
  const tokens = new Map(); // custom property → first file:line
  const selectorsByFile = [];

  for (const { path, css } of sheets) {
    const root = postcss.parse(css, { from: path });
    const layer = layerOf(path);
    const where = (node) => `${path}:${node.source?.start?.line ?? '?'}`;
    if (!layer && root.nodes.some((n) => n.type !== 'comment'))
      problems.push(`${path}: a stylesheet outside apps/web/src/{app,shared,features} has no layer`);

    for (const node of root.nodes) {
      if (node.type === 'comment') continue;
      if (node.type === 'atrule' && (node.name === 'import' || node.name === 'charset' || node.name === 'font-face')) continue;
      if (node.type === 'atrule' && node.name === 'layer' && !node.nodes) {
        if (`@layer ${node.params.replace(/\s*,\s*/g, ', ')};` !== LAYER_STATEMENT)
          problems.push(`${where(node)}: the layer order is declared once, as "${LAYER_STATEMENT}" (shared/ui/layers.css)`);
        continue;
      }
      if (node.type === 'atrule' && node.name === 'layer') {
        if (node.params !== layer) problems.push(`${where(node)}: rules in layer "${node.params}"; this folder's layer is "${layer}"`);
        continue;
      }
      problems.push(`${where(node)}: a rule outside a cascade layer (wrap the stylesheet in @layer ${layer ?? '…'} { … })`);
    }

    const selectors = [];
    root.walkRules((rule) => {
      if (insideKeyframes(rule)) return;
      for (const selector of rule.selectors) {
        const classes = classesOf(selector);
        const global = classes.length === 0 && !hasId(selector);
        const rootish = /^(:root|html)\b/.test(selector.trim());
        if (global && path !== 'shared/ui/base.css' && !(rootish && path === 'shared/ui/tokens.css'))
          problems.push(`${where(rule)}: global element selector "${selector}" outside base.css (style a class of this stylesheet)`);
        if (classes.length === 1) {
          const files = defined.get(classes[0]) ?? new Set();
          files.add(path);
          defined.set(classes[0], files);
          // what the class sets, by the media it is set under (the modifier rule compares them)
          const media = rule.parent?.type === 'atrule' ? `${rule.parent.name} ${rule.parent.params}` : '';
          const set = sets.get(classes[0]) ?? new Set();
          rule.walkDecls((d) => set.add(`${media}|${d.prop}`));
          sets.set(classes[0], set);
        }
        selectors.push({ selector, classes, line: rule.source?.start?.line });
      }
      // the one place a token may be set again: motion collapses to 0 under reduced motion
      const reducedMotion = rule.parent?.type === 'atrule' && /prefers-reduced-motion/.test(rule.parent.params);
      if (!reducedMotion && rule.selectors.some((s) => /^(:root|html)\b[^\s>+~]*$/.test(s.trim()))) {
        rule.each((decl) => {
          if (decl.type !== 'decl' || !decl.prop.startsWith('--')) return;
          const first = tokens.get(decl.prop);
          if (first)
            problems.push(
              `${where(decl)}: token ${decl.prop} is defined again (first at ${first}); write it once (light-dark() for a theme)`,
            );
          else tokens.set(decl.prop, where(decl));
        });
      }
    });
    selectorsByFile.push({ path, selectors });
  }

  for (const [cls, files] of defined) {
    if (files.size > 1)
      problems.push(
        `.${cls} is defined by ${files.size} stylesheets: ${[...files].sort().join(', ')} (one owner; others refine it through a class of their own)`,
      );
    // a modifier overrides its block at the same specificity: in two sheets, which wins would
    // depend on which loaded last
    const block = cls.includes('--') ? cls.slice(0, cls.indexOf('--')) : null;
    const blockFiles = block ? defined.get(block) : undefined;
    const [own, blockOwn] = [[...files][0], blockFiles ? [...blockFiles][0] : undefined];
    // (in another layer the layer order decides, whatever loaded first)
    const shared = blockOwn ? [...(sets.get(cls) ?? [])].filter((k) => sets.get(block)?.has(k)) : [];
    if (blockOwn && files.size === 1 && blockFiles.size === 1 && own !== blockOwn && layerOf(own) === layerOf(blockOwn) && shared.length) {
      problems.push(
        `.${cls} (${own}) and its block .${block} (${blockOwn}) both set ${shared.map((k) => k.split('|')[1]).join(', ')}: which wins would depend on which sheet loaded last (a modifier lives beside its block)`,
      );
    }
  }
  for (const { path, selectors } of selectorsByFile) {
    const feature = featureOf(path);
    for (const { selector, classes, line } of selectors) {
      if (classes.length === 0) continue;
      const foreign = classes.filter((c) => defined.has(c) && !defined.get(c).has(path));
      if (classes.length > 1 && foreign.length === classes.length)
        problems.push(
          `${path}:${line}: "${selector}" styles only classes other stylesheets define (${foreign.map((c) => `.${c}`).join(' ')}); add a class of this stylesheet`,
        );
      for (const c of foreign) {
        const owners = [...defined.get(c)];
        const otherFeature = owners.every((o) => featureOf(o) && featureOf(o) !== feature);
        if (otherFeature)
          problems.push(`${path}:${line}: "${selector}" uses .${c} of ${owners.join(', ')} (another feature's look: move it to shared/ui)`);
      }
    }
  }
  return problems;
}

const dirOf = (path) => path.slice(0, path.lastIndexOf('/') + 1);
/** `from`'s relative import `spec`, as a path under src. */
function resolveImport(from, spec) {
  const parts = dirOf(from).split('/').filter(Boolean);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}
/** The class names a component's markup writes: the string literals of its className attributes. */
export function markupClasses(tsx) {
  const out = new Set();
  for (const m of tsx.matchAll(/className=(?:"([^"]*)"|\{)/g)) {
    let text = m[1];
    if (text === undefined) {
      let depth = 1;
      let i = m.index + m[0].length;
      const start = i;
      for (; i < tsx.length && depth > 0; i++) depth += tsx[i] === '{' ? 1 : tsx[i] === '}' ? -1 : 0;
      const expr = tsx.slice(start, i - 1);
      text = [...expr.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g)]
        .map((q) => (q[1] ?? q[2] ?? q[3] ?? '').replace(/\$\{[^}]*\}/g, ' '))
        .join(' ');
    }
    for (const c of text.split(/\s+/)) if (/^[a-z][\w-]*$/i.test(c)) out.add(c);
  }
  return out;
}

/**
 * A feature component may wear only the classes of the stylesheets it can count on: shared/ and
 * app/ (the entry), the stylesheets of its own folder and the folders above it inside the feature,
 * and those it imports itself (with their @imports). A class that only another folder's stylesheet
 * defines looks right only after a page that loads that stylesheet (the deduction boards wearing
 * Tetris's leaderboard classes).
 */
export function checkMarkup(sheets, components) {
  const problems = [];
  const defined = new Map();
  const imports = new Map();
  for (const { path, css } of sheets) {
    const root = postcss.parse(css, { from: path });
    imports.set(path, []);
    root.walkAtRules('import', (a) => {
      const spec = /^['"]([^'"]+)['"]/.exec(a.params)?.[1];
      if (spec?.startsWith('.')) imports.get(path).push(resolveImport(path, spec));
    });
    root.walkRules((rule) => {
      if (insideKeyframes(rule)) return;
      for (const selector of rule.selectors) {
        const classes = classesOf(selector);
        if (classes.length !== 1) continue;
        const files = defined.get(classes[0]) ?? new Set();
        files.add(path);
        defined.set(classes[0], files);
      }
    });
  }
  const closure = (start) => {
    const seen = new Set();
    const visit = (p) => {
      if (seen.has(p)) return;
      seen.add(p);
      for (const q of imports.get(p) ?? []) visit(q);
    };
    start.forEach(visit);
    return seen;
  };
  for (const { path, tsx } of components) {
    const feature = /^features\/[^/]+\//.exec(path)?.[0];
    if (!feature) continue;
    // its folder and the folders above it (inside the feature): their stylesheets, and those their
    // components import (a page imports the stylesheet of the components it renders)
    const above = (p) => p.startsWith(feature) && path.startsWith(dirOf(p));
    const own = sheets.map((s) => s.path).filter(above);
    for (const c of components.filter((c) => above(c.path)))
      for (const m of c.tsx.matchAll(/import\s+['"](\.[^'"]+\.css)['"]/g)) own.push(resolveImport(c.path, m[1]));
    const allowed = closure(own);
    for (const c of markupClasses(tsx)) {
      const owners = [...(defined.get(c) ?? [])];
      if (owners.length === 0 || owners.some((o) => !o.startsWith('features/') || allowed.has(o))) continue;
      problems.push(
        `${path}: class "${c}" is styled only by ${owners.join(', ')}, which this component does not load (give it a class of its own, or move the look to shared/ui)`,
      );
    }
  }
  return problems;
}

function walk(dir, ext, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, ext, out);
    else if (name.endsWith(ext) && !/\.test\.tsx$/.test(name)) out.push(p);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const src = new URL('../apps/web/src', import.meta.url).pathname;
  const sheets = walk(src, '.css')
    .sort()
    .map((p) => ({ path: relative(src, p), css: readFileSync(p, 'utf8') }));
  const components = walk(src, '.tsx')
    .sort()
    .map((p) => ({ path: relative(src, p), tsx: readFileSync(p, 'utf8') }));
  const problems = [...checkStyles(sheets), ...checkMarkup(sheets, components)];
  for (const p of problems) console.error(`check-styles: ${p}`);
  if (problems.length) process.exit(1);
  console.log(`check-styles: ${sheets.length} stylesheets, every rule in its layer, each class one owner`);
}
