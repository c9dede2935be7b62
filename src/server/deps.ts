import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { SecretBox } from './lib/crypto.js';
import type { Mailer } from './integrations/mailer.js';
import type { TransportFactory } from './integrations/file-transport.js';
import type { ObjectStorage } from './integrations/object-storage.js';

/**
 * Everything from the outside world, handed in so tests can pass real local servers or fakes.
 * Later adapters (FTP transport, partner HTTP clients) join here.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  secretBox: SecretBox;
  mailer: Mailer;
  /** Opens the BizTalk file transport (ftp://, ftps://, file://); defaults to the real ones. */
  fileTransports?: TransportFactory;
  /** Where photos are stored; defaults to what the config names (bootstrap/photo-storage.ts). */
  photoStorage?: ObjectStorage;
}
