import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/**
 * Demo data: on an empty embedded database by default; on PostgreSQL only with DEMO_DATA=1.
 * (Filled in by the order-import work: customers, reasons, connections, products, orders, operator.)
 */
export async function loadDemoDataIfWanted(_database: Database, _config: Config, _print: (line: string) => void): Promise<void> {}
