import { join } from 'node:path';
import type { SettingKey } from '../../contract/constants.js';
import { folderUrl, type TransportTarget } from './file-transport.js';

/** The system settings (SPEC §2.13) as the BizTalk integration uses them, with defaults filled in. */
export interface BiztalkSettings {
  target: TransportTarget;
  inboundDir: string;
  outboundDir: string;
  h2oCustomerId: number | null;
  h2oUploadDir: string;
}

export const BIZTALK_DEFAULTS = {
  inboundDir: '/inbound',
  outboundDir: '/outbound',
  h2oUploadDir: '/h2o',
} as const;

/** Processed and bad inbound files are moved below the inbound folder. */
export const processedDir = (inboundDir: string) => `${inboundDir.replace(/\/+$/, '')}/processed`;
export const errorDir = (inboundDir: string) => `${inboundDir.replace(/\/+$/, '')}/error`;

/**
 * The BizTalk view of the system settings (`values`: every key, secrets already opened, '' when
 * unset). Callers read the settings on every task, so an admin's change applies to the next file
 * without a restart. Without BIZTALK_FTP_URL the files go to the local folder DATA_DIR/ftp.
 */
export function biztalkSettings(values: Record<SettingKey, string>, dataDir: string): BiztalkSettings {
  const s = values;
  const text = (k: keyof typeof s) => s[k].trim() || undefined;
  const password = text('BIZTALK_FTP_PASSWORD');
  const h2o = Number(text('H2O_CUSTOMER_ID'));
  return {
    target: { url: text('BIZTALK_FTP_URL') ?? folderUrl(join(dataDir, 'ftp')), username: text('BIZTALK_FTP_USERNAME'), password },
    inboundDir: text('BIZTALK_INBOUND_DIR') ?? BIZTALK_DEFAULTS.inboundDir,
    outboundDir: text('BIZTALK_OUTBOUND_DIR') ?? BIZTALK_DEFAULTS.outboundDir,
    h2oCustomerId: Number.isInteger(h2o) && h2o > 0 ? h2o : null,
    h2oUploadDir: text('H2O_UPLOAD_DIR') ?? BIZTALK_DEFAULTS.h2oUploadDir,
  };
}
