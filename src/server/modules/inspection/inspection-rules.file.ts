// The CSV/XLSX file of a customer's inspection rules (issue 27; docs/integrations.md "Inspection
// rules"): one row per rule, the steps and the dispositions per grade in columns of their own.
// Every bad cell is named by its line and column; a file with any is refused whole.
import ExcelJS from 'exceljs';
import {
  GRADES,
  INSPECTION_MSG,
  RULE_LIMITS,
  ruleBody,
  ruleKey,
  type Grade,
  type RuleBody,
  type RuleView,
} from '../../../contract/inspection.js';
import { isStorableText } from '../../../contract/common.js';
import { columnLetter, type FileRow } from '../expected-returns/expected-returns.file.js';
import { csvField } from '../reports/return-report.files.js';

const STEP_NUMBERS = Array.from({ length: RULE_LIMITS.maxSteps }, (_, i) => i + 1);
const gradeColumn = (g: Grade) => `disposition_${g.toLowerCase()}`;

/** Every column of the file, in the order the export writes them. */
export const RULE_FILE_COLUMNS: readonly string[] = [
  'match',
  'value',
  ...STEP_NUMBERS.flatMap((n) => [`step_${n}`, `step_${n}_kind`, `step_${n}_no_grade`]),
  ...GRADES.map(gradeColumn),
  'serial',
  'serial_check',
];

export interface ParsedRule {
  line: number;
  body: RuleBody;
  /** Where each field of the row is, to name a cell in a later refusal (a disposition the customer lacks). */
  at: (field: string) => string;
}

/** The zod path of a rule's field → the file's column. */
function columnOf(path: readonly PropertyKey[]): string {
  const [first, second, third] = path;
  if (first === 'steps' && typeof second === 'number') {
    const n = second + 1;
    return third === 'kind' ? `step_${n}_kind` : third === 'no_grade' ? `step_${n}_no_grade` : `step_${n}`;
  }
  if (first === 'grade_dispositions' && typeof second === 'string') return gradeColumn(second as Grade);
  return String(first ?? 'match');
}

/** A formula-looking value the export wrote with a leading apostrophe (csvField) reads back as written. */
const unquote = (v: string) => (/^'[=+\-@]/.test(v) ? v.slice(1) : v);

/** The rows (after the header) as rules, or every problem as "Line N, column X (name): message". */
export function rulesOf(rows: FileRow[]): { rules: ParsedRule[]; errors: string[] } {
  const errors: string[] = [];
  const [header, ...data] = rows;
  if (!header) return { rules: [], errors: [`Line 1: ${INSPECTION_MSG.importEmpty}`] };
  const position = new Map<string, number>();
  header.cells.forEach((name, i) => {
    const key = name.trim().toLowerCase().replace(/\s+/g, '_');
    const where = `Line ${header.line}, column ${columnLetter(i + 1)}`;
    if (!key) return;
    if (!RULE_FILE_COLUMNS.includes(key)) errors.push(`${where}: ${INSPECTION_MSG.importColumn(key)}`);
    else if (position.has(key)) errors.push(`${where}: ${INSPECTION_MSG.importColumnTwice(key)}`);
    else position.set(key, i);
  });
  if (!position.has('match')) errors.push(`Line ${header.line}: ${INSPECTION_MSG.importMissingColumn('match')}`);
  if (errors.length) return { rules: [], errors };
  if (data.length > RULE_LIMITS.importRows) return { rules: [], errors: [INSPECTION_MSG.importTooMany] };

  const rules: ParsedRule[] = [];
  const seen = new Map<string, number>();
  for (const row of data) {
    if (row.cells.every((c) => !c.trim())) continue;
    const at = (column: string) =>
      position.has(column)
        ? `Line ${row.line}, column ${columnLetter(position.get(column)! + 1)} (${column})`
        : `Line ${row.line} (${column})`;
    const cell = (column: string) => (position.has(column) ? unquote((row.cells[position.get(column)!] ?? '').trim()) : '');
    let storable = true;
    for (const column of position.keys()) {
      if (!isStorableText(cell(column))) {
        errors.push(`${at(column)}: contains a character that cannot be stored`);
        storable = false;
      }
    }
    if (!storable) continue;
    const steps: Record<string, unknown>[] = [];
    for (const n of STEP_NUMBERS) {
      const [text, kind, noGrade] = [cell(`step_${n}`), cell(`step_${n}_kind`), cell(`step_${n}_no_grade`)];
      if (!text && !kind && !noGrade) continue;
      steps.push({ text, kind: kind || undefined, no_grade: noGrade || undefined });
    }
    const dispositions: Record<string, string> = {};
    for (const g of GRADES) if (cell(gradeColumn(g))) dispositions[g] = cell(gradeColumn(g));
    const raw = {
      match: cell('match').toLowerCase(),
      value: cell('value') || null,
      steps,
      grade_dispositions: dispositions,
      serial: cell('serial').toLowerCase() || undefined,
      serial_check: cell('serial_check').toLowerCase() || undefined,
    };
    const parsed = ruleBody.safeParse(raw);
    if (!parsed.success) {
      const given = (p: readonly PropertyKey[]) =>
        // Steps are numbered as they are in the file: the n-th step given is in the columns of its number.
        p[0] === 'steps' && typeof p[1] === 'number' ? ['steps', stepNumberOf(row, cell, p[1]) - 1, ...p.slice(2)] : p;
      for (const issue of parsed.error.issues) errors.push(`${at(columnOf(given(issue.path)))}: ${issue.message}`);
      continue;
    }
    const key = `${parsed.data.match}\u0000${ruleKey(parsed.data.value)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push(`${at(parsed.data.match === 'default' ? 'match' : 'value')}: ${INSPECTION_MSG.importDuplicate(String(earlier))}`);
      continue;
    }
    seen.set(key, row.line);
    rules.push({ line: row.line, body: parsed.data, at });
  }
  if (!rules.length && !errors.length) errors.push(`Line 2: ${INSPECTION_MSG.importEmpty}`);
  return { rules, errors };
}

/** The file's step number of the index-th step given in a row (empty step columns are skipped). */
function stepNumberOf(_row: FileRow, cell: (c: string) => string, index: number): number {
  let seen = -1;
  for (const n of STEP_NUMBERS) {
    if (cell(`step_${n}`) || cell(`step_${n}_kind`) || cell(`step_${n}_no_grade`)) seen++;
    if (seen === index) return n;
  }
  return index + 1;
}

function cellsOf(rule: RuleView): string[] {
  const out: string[] = [rule.match, rule.value ?? ''];
  for (const n of STEP_NUMBERS) {
    const step = rule.steps[n - 1];
    out.push(step?.text ?? '', step ? step.kind : '', step?.no_grade ?? '');
  }
  for (const g of GRADES) out.push(rule.grade_dispositions[g] ?? '');
  out.push(rule.serial, rule.serial_check);
  return out;
}

export function buildRulesCsv(rules: RuleView[]): string {
  const lines = [RULE_FILE_COLUMNS.map(csvField).join(',')];
  for (const rule of rules) lines.push(cellsOf(rule).map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function buildRulesXlsx(rules: RuleView[], title: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Returns Desk';
  book.title = title;
  const sheet = book.addWorksheet('Rules');
  sheet.columns = RULE_FILE_COLUMNS.map((c) => ({ header: c, width: c.startsWith('step_') && !c.includes('_', 5) ? 40 : 14 }));
  sheet.getRow(1).font = { bold: true };
  // Plain strings: a cell never becomes a formula.
  for (const rule of rules) sheet.addRow(cellsOf(rule));
  return Buffer.from(await book.xlsx.writeBuffer());
}
