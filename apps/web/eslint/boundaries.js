/**
 * ESLint rule `web-boundaries/feature-imports` for apps/web/src (GUIDE §1, issue 11): imports
 * flow one way, app → features → shared, and a feature reaches another only through its public
 * entry (`features/<x>/index.ts`).
 * - a file in features/<a>/ may import features/<b> (its index) but nothing deeper in features/<b>/;
 * - nothing in features/ or shared/ imports app/ (the composition root);
 * - nothing in shared/ imports features/.
 * Relative specifiers are resolved against the importing file; package imports are not checked.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const SRC = resolve(dirname(new URL(import.meta.url).pathname), '../src');

/** ['features', 'studies', 'api', 'x'] for a path inside src, or null outside it. */
function parts(abs) {
  const rel = relative(SRC, abs);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep);
}

const stripIndex = (p) => (p.length === 3 && /^index(\.tsx?)?$/.test(p[2]) ? p.slice(0, 2) : p);

const featureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'features reach each other only through features/<x>/index.ts; app → features → shared' },
    schema: [],
    messages: {
      deep: "'{{source}}' reaches into the '{{to}}' feature's internals: import from its public entry (features/{{to}}/index.ts) or move the piece to shared/.",
      app: "'{{source}}' imports app/ (the composition root) from {{from}}/: move what is shared to shared/.",
      shared: "'{{source}}' imports a feature from shared/: shared/ must not depend on features.",
    },
  },
  create(context) {
    const file = parts(resolve(context.filename));
    if (!file || (file[0] !== 'features' && file[0] !== 'shared')) return {};
    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = parts(resolve(dirname(resolve(context.filename)), source));
      if (!target) return;
      if (target[0] === 'app') {
        context.report({ node: node.source, messageId: 'app', data: { source, from: file[0] } });
      } else if (target[0] === 'features' && file[0] === 'shared') {
        context.report({ node: node.source, messageId: 'shared', data: { source } });
      } else if (target[0] === 'features' && file[0] === 'features' && target[1] !== file[1] && stripIndex(target).length > 2) {
        context.report({ node: node.source, messageId: 'deep', data: { source, to: target[1] } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** Tests and their helpers may name the paths they stub (a mocked fetch answers by URL). */
const isTestFile = (p) => /\.test\.tsx?$|test-utils|test-fixtures|\/test\//.test(p.join('/'));

/**
 * `web-boundaries/api-paths`: an API path ('/api/…') is written once, in the paths modules of
 * shared/api/paths/ (issue 11): one per server module, and shell.ts for the paths the start-up
 * code calls. A string or template literal that starts with '/api/' anywhere else in src (the
 * API client included) is an error; comments are not checked, tests are exempt.
 */
const apiPaths = {
  meta: {
    type: 'problem',
    docs: { description: "API paths come from shared/api/paths/: no '/api/' literal outside it" },
    schema: [],
    messages: {
      literal:
        "'{{text}}': an API path written outside shared/api/paths/. Add it to the table of its server module there (shell.ts if the start-up code calls it) and call it from there.",
    },
  },
  create(context) {
    const file = parts(resolve(context.filename));
    if (!file || (file[0] === 'shared' && file[1] === 'api' && file[2] === 'paths' && file.length === 4) || isTestFile(file)) return {};
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.slice(0, 60) } });
    return {
      Literal(node) {
        if (typeof node.value === 'string' && node.value.startsWith('/api/')) report(node, node.value);
      },
      TemplateLiteral(node) {
        const head = node.quasis[0]?.value.cooked ?? '';
        if (head.startsWith('/api/')) report(node, head);
      },
    };
  },
};

export default { rules: { 'feature-imports': featureImports, 'api-paths': apiPaths } };
