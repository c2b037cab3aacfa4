/**
 * Recall and precision of the studio's local analyzer on a labelled Korean set kept in the
 * repository (bench/studio-korean-labelled.tsv: sentences with the findings they must get,
 * and correct sentences that must get none), per kind of finding (rule id), with the analysis
 * time per sentence.
 *
 *   npm run bench -- studio-korean
 *
 * A finding is a true positive when its rule is the expected one and it overlaps the expected
 * words; any other finding is a false positive; an expected finding nothing overlaps is missed.
 * Every suggestion the analyzer makes counts (style and readability hints too), so a rule that
 * fires on a correct sentence costs precision. Exits non-zero when the overall precision falls
 * under 0.9 or the recall under 0.8 (the analyzer prefers silence to a false alarm).
 */
import { readFileSync } from 'node:fs';
import { analyzeLocally } from '../apps/server/src/providers/ai/local/analyzer.ts';
import { reportTarget } from './support.ts';

const MIN_PRECISION = 0.9;
const MIN_RECALL = 0.8;

interface Labelled {
  line: number;
  text: string;
  expect: Array<{ rule: string; words: string }>;
}

const file = new URL('./studio-korean-labelled.tsv', import.meta.url);
const set: Labelled[] = readFileSync(file, 'utf8')
  .split('\n')
  .map((raw, i) => ({ raw, line: i + 1 }))
  .filter(({ raw }) => raw.trim() && !raw.startsWith('#'))
  .map(({ raw, line }) => {
    const [text, labels = ''] = raw.split('\t');
    const expect = labels
      .split(' | ')
      .filter(Boolean)
      .map((l) => {
        const at = l.indexOf('=');
        return { rule: l.slice(0, at), words: l.slice(at + 1) };
      });
    for (const e of expect) if (!text!.includes(e.words)) throw new Error(`line ${line}: “${e.words}” is not in the sentence`);
    return { line, text: text!, expect };
  });

type Count = { tp: number; fp: number; fn: number };
const perKind = new Map<string, Count>();
const kind = (rule: string) => {
  let c = perKind.get(rule);
  if (!c) perKind.set(rule, (c = { tp: 0, fp: 0, fn: 0 }));
  return c;
};
const misses: string[] = [];
const alarms: string[] = [];
const cpuMs: number[] = [];

const analyse = (text: string) => analyzeLocally({ text, title: '', purpose: 'OTHER', audience: '', tone: 'WARM_MENTOR', locale: 'ko' });
for (const s of set.slice(0, 5)) analyse(s.text); // warm-up

for (const s of set) {
  const c0 = process.cpuUsage();
  const r = analyse(s.text);
  const used = process.cpuUsage(c0);
  cpuMs.push((used.user + used.system) / 1000);
  const found = r.suggestions.map((x) => ({ rule: x.rule.id, from: x.offset, to: x.offset + x.length, original: x.original, hit: false }));
  for (const e of s.expect) {
    const from = s.text.indexOf(e.words);
    const to = from + e.words.length;
    const f = found.find((x) => !x.hit && x.rule === e.rule && x.from < to && from < x.to);
    if (f) {
      f.hit = true;
      kind(e.rule).tp++;
    } else {
      kind(e.rule).fn++;
      misses.push(`  line ${s.line}: ${e.rule} “${e.words}” in ${s.text}`);
    }
  }
  for (const f of found.filter((x) => !x.hit)) {
    kind(f.rule).fp++;
    alarms.push(`  line ${s.line}: ${f.rule} “${f.original}” in ${s.text}`);
  }
}

const ratio = (a: number, b: number) => (b === 0 ? NaN : a / b);
const fmt = (n: number) => (Number.isNaN(n) ? '  -  ' : n.toFixed(2));
const total = [...perKind.values()].reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn }), { tp: 0, fp: 0, fn: 0 });
const precision = ratio(total.tp, total.tp + total.fp);
const recall = ratio(total.tp, total.tp + total.fn);

const clean = set.filter((s) => s.expect.length === 0).length;
console.log(`${set.length} sentences (${set.length - clean} with ${total.tp + total.fn} expected findings, ${clean} correct ones)`);
console.log('kind                          expected  found  missed  false   recall  precision');
for (const [rule, c] of [...perKind.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
  console.log(
    `${rule.padEnd(30)}${String(c.tp + c.fn).padStart(8)}${String(c.tp).padStart(7)}${String(c.fn).padStart(8)}${String(c.fp).padStart(7)}   ${fmt(ratio(c.tp, c.tp + c.fn))}   ${fmt(ratio(c.tp, c.tp + c.fp))}`,
  );
}
console.log(
  `${'all'.padEnd(30)}${String(total.tp + total.fn).padStart(8)}${String(total.tp).padStart(7)}${String(total.fn).padStart(8)}${String(total.fp).padStart(7)}   ${fmt(recall)}   ${fmt(precision)}`,
);
if (misses.length) console.log(`missed:\n${misses.join('\n')}`);
if (alarms.length) console.log(`false alarms:\n${alarms.join('\n')}`);

cpuMs.sort((a, b) => a - b);
const pct = (p: number) => cpuMs[Math.min(cpuMs.length - 1, Math.max(0, Math.ceil((p / 100) * cpuMs.length) - 1))]!;
const mean = cpuMs.reduce((a, b) => a + b, 0) / cpuMs.length;
console.log(`analysis time per sentence (CPU): mean ${mean.toFixed(2)} ms, p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms`);

reportTarget({
  what: `studio Korean findings, precision (${set.length} labelled sentences)`,
  on: 'local analyzer',
  figure: fmt(precision),
  target: `≥ ${MIN_PRECISION}`,
  met: precision >= MIN_PRECISION,
});
reportTarget({
  what: `studio Korean findings, recall (${set.length} labelled sentences)`,
  on: 'local analyzer',
  figure: fmt(recall),
  target: `≥ ${MIN_RECALL}`,
  met: recall >= MIN_RECALL,
});
if (precision < MIN_PRECISION || recall < MIN_RECALL) process.exit(1);
