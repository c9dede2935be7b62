import type { Config } from '../config.js';
import { createTransportFactory, type TransportFactory } from '../integrations/file-transport.js';

/** The BizTalk file transports; they get a longer time limit than partner HTTP calls: files can be large. */
export const fileTransportsFromConfig = (config: Config): TransportFactory =>
  createTransportFactory({ timeoutMs: Math.max(15_000, config.PARTNER_TIMEOUT_MS) });
