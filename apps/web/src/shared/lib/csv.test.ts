import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvRow } from './csv';

/** A strict RFC 4180 reader (what a spreadsheet does with the file), written apart from the writer. */
function readCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 1;
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('an unterminated quoted cell');
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
    } else {
      while (i < text.length && !',\r\n'.includes(text[i]!)) {
        if (text[i] === '"') throw new Error('a quote in an unquoted cell');
        cell += text[i++];
      }
    }
    row.push(cell);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
      if (i === text.length) return rows;
      continue;
    }
    throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
}

const DANGEROUS = ['=', '+', '-', '@', '\t', '\r', '\n'];
// Strings rich in what matters here: formula starts, quotes, separators and line breaks anywhere.
const tricky = fc
  .array(fc.oneof(fc.constantFrom(...DANGEROUS, '"', ',', "'", ' ', '\r\n', '가', '=HYPERLINK("x")'), fc.string()), {
    maxLength: 6,
  })
  .map((parts) => parts.join(''));
const table = fc.array(fc.array(tricky, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 });

describe('CSV export (OWASP CSV injection)', () => {
  it('never lets a parsed cell begin with a formula character; such a cell reads back as a quote plus the value', () => {
    fc.assert(
      fc.property(table, (rows) => {
        const parsed = readCsv(csvDocument(rows));
        expect(parsed).toHaveLength(rows.length);
        parsed.forEach((cells, r) => {
          expect(cells).toHaveLength(rows[r]!.length);
          cells.forEach((cell, c) => {
            const value = rows[r]![c]!;
            expect(DANGEROUS.includes(cell[0] ?? '')).toBe(false);
            expect(cell).toBe(DANGEROUS.includes(value[0] ?? '') ? `'${value}` : value);
          });
        });
      }),
      { numRuns: 500 },
    );
  });

  it('reads back every safe value exactly (quotes, commas, line breaks and Korean included)', () => {
    const safe = tricky.filter((v) => !DANGEROUS.includes(v[0] ?? ''));
    fc.assert(
      fc.property(fc.array(fc.array(safe, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (rows) => {
        expect(readCsv(csvDocument(rows))).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it('quotes every cell and doubles its quotes', () => {
    expect(csvCell('')).toBe('""');
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('\t=1+1')).toBe('"\'\t=1+1"');
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("\"'-2+3+cmd|' /C calc'!A0\"");
    expect(csvRow(['=1', '가'])).toBe('"\'=1","가"');
  });
});
