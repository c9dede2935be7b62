/**
 * `npm run import -- <file> --customer <id or company> [--format csv|json]`
 *
 * Imports an order file (docs/integrations.md "Order files") into the configured database:
 * DATABASE_URL, or the embedded PGlite under DATA_DIR (refused while a server has it open: PGlite is one process).
 * Exit codes: 0 imported, 1 bad rows or orders not saved, 2 wrong usage, unknown customer or unreadable file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ORDER_FILE_FORMATS, type ImportSummary, type OrderFileFormat } from '../../contract/order-import.js';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { orderFileFormatOf } from '../modules/orders/order-file.parser.js';
import { createOrderImportService } from '../modules/orders/order-import.service.js';

const USAGE = 'Usage: npm run import -- <file> --customer <id or company> [--format csv|json] [--force]';

interface Args {
  file: string;
  customer: string;
  format?: OrderFileFormat;
  force: boolean;
}

function parseArgs(argv: string[]): Args | string {
  let file: string | undefined;
  let customer: string | undefined;
  let format: string | undefined;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--customer') customer = inline ?? argv[++i];
    else if (flag === '--format') format = inline ?? argv[++i];
    else if (flag === '--force') force = true;
    else if (flag === '--help' || flag === '-h') return USAGE;
    else if (arg.startsWith('--')) return `Unknown option ${arg}\n${USAGE}`;
    else if (file === undefined) file = arg;
    else return `Only one file at a time (got ${file} and ${arg})\n${USAGE}`;
  }
  if (!file) return `A file is required\n${USAGE}`;
  if (!customer) return `--customer is required\n${USAGE}`;
  if (format !== undefined && !(ORDER_FILE_FORMATS as readonly string[]).includes(format)) return `--format must be csv or json\n${USAGE}`;
  return { file, customer, format: format as OrderFileFormat | undefined, force };
}

export function formatSummary(summary: ImportSummary): string[] {
  const lines = [
    `  orders created     ${summary.orders_created}`,
    `  orders unchanged   ${summary.orders_unchanged}`,
    `  lines created      ${summary.lines_created}`,
    `  products created   ${summary.products_created}`,
    `  products updated   ${summary.products_updated}`,
  ];
  if (summary.errors.length) {
    const nothing = summary.orders_created + summary.orders_unchanged === 0;
    lines.push('', nothing ? `${summary.errors.length} problem(s); nothing was imported:` : `${summary.errors.length} order(s) not saved:`);
    for (const e of summary.errors) lines.push(`  ${typeof e.line === 'number' ? `line ${e.line}` : e.line}: ${e.message}`);
  }
  return lines;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  let content: string;
  try {
    content = readFileSync(args.file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${args.file}: ${(error as Error).message}`);
    return 2;
  }
  const format = args.format ?? orderFileFormatOf(args.file, content);

  const config = loadConfig();
  const pgliteDir = join(config.dataDir, 'pglite');
  // PGlite is one process: a second one writing the same files would corrupt them. It keeps
  // postmaster.pid while open (a crash can leave it behind: then --force).
  if (!config.DATABASE_URL && existsSync(join(pgliteDir, 'postmaster.pid')) && !args.force) {
    console.error(
      `The embedded database in ${pgliteDir} is in use by a running server. Stop the server first or use the admin upload ` +
        '(POST /api/su/customers/{id}/orders/import). If no server runs (it stopped abruptly), add --force.',
    );
    return 2;
  }
  const database: Database = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL, 2) : await openPglite({ dataDir: pgliteDir });
  try {
    await database.migrate();
    const service = createOrderImportService({ db: database.db });
    const customer = await service.requireCustomer(args.customer);
    const started = Date.now();
    const summary = await service.importFile({ customerId: customer.id, format, content });
    console.log(
      `${basename(args.file)} (${format}) for ${customer.company} (#${customer.id}) in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
    );
    for (const line of formatSummary(summary)) console.log(line);
    return summary.errors.length ? 1 : 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`${error.message} (${args.customer})`);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
