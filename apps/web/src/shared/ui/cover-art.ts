/**
 * The generated cover of a study without an uploaded one (issue 13 item 16): a gradient and a
 * pattern derived from a hash of the study's slug and topic (its type), with the title's
 * initials. Pure and deterministic: the same input always gives the same art, on the server
 * render, in tests and in every browser.
 */

export type CoverPattern = 'rings' | 'grid' | 'burst' | 'waves';

export interface CoverArtInput {
  /** a stable key of the study: its slug (else its id) */
  seed: string;
  title: string;
  /** the study type (PARTICIPATORY, EDUCATIONAL, ONE_TIME): picks the motif family */
  topic?: string | null;
}

export interface CoverShape {
  kind: 'circle' | 'rect' | 'line' | 'path';
  /** SVG attributes in the 160×90 view box */
  attrs: Record<string, string | number>;
}

export interface CoverArt {
  /** gradient stops, `hsl(…)` */
  from: string;
  to: string;
  /** gradient angle in degrees (0–359) */
  angle: number;
  pattern: CoverPattern;
  shapes: CoverShape[];
  /** one or two characters from the title ("SQL 첫걸음" → "S첫", "Deep Dive" → "DD") */
  initials: string;
}

/** FNV-1a, 32 bit. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG, so the pattern's details follow from the hash. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPIC_PATTERN: Record<string, CoverPattern> = { PARTICIPATORY: 'rings', EDUCATIONAL: 'grid', ONE_TIME: 'burst' };

/** The first character of the first two words, upper-cased ("?" for an empty title). */
export function coverInitials(title: string): string {
  const words = title
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const first = (w: string | undefined) => (w ? ([...w][0] ?? '') : '');
  const out = (first(words[0]) + first(words[1])).toUpperCase();
  return out || '?';
}

const r1 = (n: number) => Math.round(n * 10) / 10;

export function coverArt({ seed, title, topic }: CoverArtInput): CoverArt {
  const h = hash32(`${seed}|${topic ?? ''}`);
  const rand = prng(h);
  const hue = h % 360;
  // a neighbouring hue 30–70° away; both deep enough for white initials on them
  const hue2 = (hue + 30 + Math.floor(rand() * 40)) % 360;
  const from = `hsl(${hue} 62% 42%)`;
  const to = `hsl(${hue2} 70% 30%)`;
  const angle = Math.floor(rand() * 360);
  const pattern = (topic && TOPIC_PATTERN[topic]) || (['rings', 'grid', 'burst', 'waves'] as const)[h % 4]!;
  const shapes: CoverShape[] = [];
  const stroke = { fill: 'none', stroke: '#fff', 'stroke-opacity': 0.22, 'stroke-width': 1.2 };
  if (pattern === 'rings') {
    for (let i = 0; i < 5; i++) {
      shapes.push({ kind: 'circle', attrs: { cx: r1(rand() * 160), cy: r1(rand() * 90), r: r1(8 + rand() * 34), ...stroke } });
    }
  } else if (pattern === 'grid') {
    const step = 10 + Math.floor(rand() * 3) * 4;
    for (let x = step; x < 160; x += step)
      shapes.push({ kind: 'line', attrs: { x1: x, y1: 0, x2: x, y2: 90, ...stroke, 'stroke-opacity': 0.12 } });
    for (let y = step; y < 90; y += step)
      shapes.push({ kind: 'line', attrs: { x1: 0, y1: y, x2: 160, y2: y, ...stroke, 'stroke-opacity': 0.12 } });
    for (let i = 0; i < 3; i++) {
      const cx = Math.floor(rand() * (160 / step)) * step;
      const cy = Math.floor(rand() * (90 / step)) * step;
      shapes.push({ kind: 'rect', attrs: { x: cx, y: cy, width: step, height: step, fill: '#fff', 'fill-opacity': 0.16 } });
    }
  } else if (pattern === 'burst') {
    const cx = r1(100 + rand() * 50);
    const cy = r1(15 + rand() * 60);
    const n = 10 + Math.floor(rand() * 8);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      const len = 30 + rand() * 60;
      shapes.push({
        kind: 'line',
        attrs: { x1: cx, y1: cy, x2: r1(cx + Math.cos(a) * len), y2: r1(cy + Math.sin(a) * len), ...stroke, 'stroke-opacity': 0.18 },
      });
    }
    shapes.push({ kind: 'circle', attrs: { cx, cy, r: r1(6 + rand() * 8), fill: '#fff', 'fill-opacity': 0.2 } });
  } else {
    for (let i = 0; i < 4; i++) {
      const y = r1(18 + i * 18 + rand() * 6);
      const a = r1(6 + rand() * 10);
      shapes.push({
        kind: 'path',
        attrs: { d: `M0 ${y} C 40 ${r1(y - a)}, 80 ${r1(y + a)}, 120 ${y} S 160 ${r1(y - a)}, 170 ${y}`, ...stroke },
      });
    }
  }
  return { from, to, angle, pattern, shapes, initials: coverInitials(title) };
}
