import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { SecretBox } from './lib/crypto.js';
import type { Mailer } from './integrations/mailer.js';
import type { TransportFactory } from './integrations/file-transport.js';
import type { ObjectStorage } from './integrations/object-storage.js';

/**
 * Everything from the outside world, built once by the composition root (main.ts) and handed in,
 * so tests can pass real local servers or fakes.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  secretBox: SecretBox;
  mailer: Mailer;
  /** Opens the BizTalk file transport (ftp://, ftps://, file://): bootstrap/file-transports.ts, or a test's. */
  fileTransports: TransportFactory;
  /** Where photos are stored: what the config names (bootstrap/photo-storage.ts), or a test's. */
  photoStorage: ObjectStorage;
}
