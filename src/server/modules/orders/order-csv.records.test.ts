import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWithCsvParse, readCsvRecords, scanSimpleCsv } from './order-csv.records.js';

describe('reading CSV records', () => {
  it('gives exactly the records and lines of the csv-parse path, or leaves the file to it', () => {
    let scanned = 0;
    let scannedCrlf = 0;
    const content = fc
      .array(fc.constantFrom('a', 'b', ' ', ',', '"', '""', '\n', '\n\n', '\r', 'é', '😀', ',"x,y"', '"q\nr"'), { maxLength: 40 })
      .chain((parts) => {
        const lf = parts.join('');
        const crlf = lf.replace(/\r/g, '').replace(/\n/g, '\r\n');
        return fc.constantFrom(lf, crlf, `\uFEFF${lf}`, `\uFEFF${crlf}`);
      });
    fc.assert(
      fc.property(content, (text) => {
        const simple = scanSimpleCsv(text);
        if (!simple) return;
        scanned++;
        if (text.includes('\r')) scannedCrlf++;
        const reference = parseWithCsvParse(text);
        expect(reference.error).toBeUndefined();
        expect(simple).toEqual(reference.records);
      }),
      { numRuns: 6000 },
    );
    expect(scanned).toBeGreaterThan(1000);
    expect(scannedCrlf).toBeGreaterThan(500);
  });

  it('leaves mixed line ends, stray quotes and unclosed quotes to csv-parse, which words the error', () => {
    for (const text of ['a,b\rc,d\r', 'a,b\r\nc,d\n', 'a,b"c\n', '"a"b,c\n', 'a,"b\n']) expect(scanSimpleCsv(text)).toBeUndefined();
    expect(readCsvRecords('a,b"c\n').error?.message).toMatch(/^the CSV cannot be read: Invalid Opening Quote/);
    const mixed = 'a,b\r\n"c\r\nd",e\n';
    expect(readCsvRecords(mixed)).toEqual(parseWithCsvParse(mixed));
    expect(readCsvRecords(mixed).records.map((r) => r.fields)).toEqual([
      ['a', 'b'],
      ['c\r\nd', 'e\n'],
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
