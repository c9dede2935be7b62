import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsvRecords, scanSimpleCsv } from './order-csv.records.js';

/** csv-parse with the import's options: the reference the plain scan must agree with. */
function reference(content: string) {
  try {
    const rows = parse(content, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    // Without "\r", a record starts on the line it ends on, less the line feeds inside its fields.
    return rows.map(({ record, info }) => ({
      line: info.lines - record.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0),
      fields: record,
    }));
  } catch {
    return 'error';
  }
}

describe('reading CSV records', () => {
  it('gives exactly csv-parse’s records and lines, or leaves the file to csv-parse', () => {
    let scanned = 0;
    const content = fc
      .array(fc.constantFrom('a', 'b', ' ', ',', '"', '""', '\n', '\n\n', 'é', '😀', ',"x,y"', '"q\nr"'), { maxLength: 40 })
      .chain((parts) => fc.constantFrom(parts.join(''), `\uFEFF${parts.join('')}`));
    fc.assert(
      fc.property(content, (text) => {
        const simple = scanSimpleCsv(text);
        if (!simple) return;
        scanned++;
        expect(simple).toEqual(reference(text));
      }),
      { numRuns: 5000 },
    );
    expect(scanned).toBeGreaterThan(1000);
  });

  it('leaves "\\r", stray quotes and unclosed quotes to csv-parse, which words the error', () => {
    for (const text of ['a,b\r\nc,d\r\n', 'a,b"c\n', '"a"b,c\n', 'a,"b\n']) expect(scanSimpleCsv(text)).toBeUndefined();
    expect(readCsvRecords('a,b"c\n').error?.message).toMatch(/^the CSV cannot be read: Invalid Opening Quote/);
    expect(readCsvRecords('a,b\r\n"c\r\nd",e\r\n').records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c\r\nd', 'e'] },
    ]);
  });

  it('reads quoted commas, quotes and line breaks, blank lines and a missing last line feed', () => {
    expect(scanSimpleCsv('\uFEFFh1,h2\n\n"a,1","say ""hi"""\n"two\nlines",\nlast,row')).toEqual([
      { line: 1, fields: ['h1', 'h2'] },
      { line: 3, fields: ['a,1', 'say "hi"'] },
      { line: 4, fields: ['two\nlines', ''] },
      { line: 6, fields: ['last', 'row'] },
    ]);
  });
});
