import { parse } from 'csv-parse/sync';
import type { ImportError } from '../../../contract/order-import.js';

/**
 * The records of a CSV order file, each with the line it starts on.
 *
 * csv-parse is the reference: it reads every file, reports malformed ones in its own words, and
 * was two thirds of the parse of a big file (issue 13: 12 µs a line, most of it per-byte state and
 * a per-record info object). Files in the usual shape — every line end "\n", or every one "\r\n",
 * and quotes only around whole fields — are read here by a plain scan that gives the same records;
 * anything else (mixed or lone "\r" line ends, a quote inside an unquoted field, text after a
 * closing quote, an unclosed quote) goes to csv-parse, so its answers and messages stay exactly
 * what they were.
 */

export interface CsvRecord {
  line: number;
  fields: string[];
}

const COMMA = 44;
const LF = 10;
const QUOTE = 34;

const CR = 13;
/** A "\r" that starts no "\r\n", or a "\n" that ends none. */
const MIXED_LINE_ENDS = /\r(?!\n)|(?<!\r)\n/;

/** Records of a file with one kind of line end and well-formed quotes; undefined for anything else. */
export function scanSimpleCsv(content: string): CsvRecord[] | undefined {
  const crlf = content.includes('\r');
  if (crlf && MIXED_LINE_ENDS.test(content)) return undefined;
  /** The character that starts a line end ("\r" of "\r\n", or "\n"), and the line end's length. */
  const EOL = crlf ? CR : LF;
  const eolLength = crlf ? 2 : 1;
  const records: CsvRecord[] = [];
  const end = content.length;
  let pos = content.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (pos < end) {
    if (content.charCodeAt(pos) === EOL) {
      // An empty line (skip_empty_lines).
      pos += eolLength;
      line++;
      continue;
    }
    const start = line;
    const fields: string[] = [];
    for (;;) {
      if (content.charCodeAt(pos) === QUOTE) {
        let value = '';
        let from = pos + 1;
        for (;;) {
          const q = content.indexOf('"', from);
          if (q === -1) return undefined; // unclosed quote: csv-parse words the error
          if (content.charCodeAt(q + 1) === QUOTE) {
            value += content.slice(from, q + 1); // "" is one quote
            from = q + 2;
            continue;
          }
          value += content.slice(from, q);
          pos = q + 1;
          break;
        }
        if (pos < end && content.charCodeAt(pos) !== COMMA && content.charCodeAt(pos) !== EOL) return undefined;
        for (let i = value.indexOf('\n'); i !== -1; i = value.indexOf('\n', i + 1)) line++;
        fields.push(value);
      } else {
        let stop = pos;
        for (; stop < end; stop++) {
          const c = content.charCodeAt(stop);
          if (c === COMMA || c === EOL) break;
          if (c === QUOTE) return undefined; // a quote inside a field: csv-parse refuses it
        }
        fields.push(content.slice(pos, stop));
        pos = stop;
      }
      if (pos >= end) break;
      if (content.charCodeAt(pos) === COMMA) {
        pos++;
        continue;
      }
      pos += eolLength; // the line end that ends the record
      line++;
      break;
    }
    records.push({ line: start, fields });
  }
  return records;
}

/** Every record by csv-parse, or its error with the line it names (exported for the comparison test). */
export function parseWithCsvParse(content: string): { records: CsvRecord[]; error?: ImportError } {
  try {
    const parsed = parse(content, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    // info.lines is where a record ends; a quoted field may hold line breaks, so count back to its
    // start. csv-parse counts a CRLF inside quotes as two lines: take those extra ones off as well.
    let extra = 0;
    const records = parsed.map(({ record, info }) => {
      let breaks = 0;
      for (const f of record) {
        if (!f.includes('\n') && !f.includes('\r')) continue; // the usual case, kept cheap
        breaks += f.match(/\r\n|\r|\n/g)!.length;
        extra += f.match(/\r\n/g)?.length ?? 0;
      }
      return { line: info.lines - extra - breaks, fields: record };
    });
    return { records };
  } catch (error) {
    const e = error as Error & { lines?: number };
    return { records: [], error: { line: e.lines ?? 1, message: `the CSV cannot be read: ${e.message}` } };
  }
}

export function readCsvRecords(content: string): { records: CsvRecord[]; error?: ImportError } {
  const simple = scanSimpleCsv(content);
  return simple ? { records: simple } : parseWithCsvParse(content);
}
