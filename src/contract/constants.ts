/** Business constants and enumerations of SPEC §3 and §9, shared by server and SPA. */

export const ORDER_SOURCES = ['Biztalk', 'SGL Ecommerce', 'Biztalk Rest'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const CONNECTION_TYPES = ['Biztalk Inbound Order', 'Biztalk Outbound Return', 'SGL Ecom'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** How a Biztalk Outbound Return connection formats its file (issue: FGL Outbound). */
export const OUTBOUND_FORMATS = ['XML', 'FLAT'] as const;
export type OutboundFormat = (typeof OUTBOUND_FORMATS)[number];

export const BIZTALK_SCHEMAS = ['Default'] as const;
export const OPTION_TYPES = ['Reason'] as const;

export const ACCOUNT_STATUSES = ['Active', 'Disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const LEDGER_CONDITIONS = ['Pristine', 'Reconditioning', 'Scrap'] as const;
export type LedgerCondition = (typeof LEDGER_CONDITIONS)[number];
/** Conditions counted as "New Blocked" in the summary; Secondhand may come from older data. */
export const BLOCKED_CONDITIONS = ['Reconditioning', 'Scrap', 'Secondhand'] as const;
export const DEFAULT_CONDITION = 'Reconditioning' satisfies LedgerCondition;
export const DEFAULT_BLIND_CONDITION = 'Pristine' satisfies LedgerCondition;

export const ORDER_STATUS_NEW = 'New';
export const ORDER_STATUS_RETURN_CREATED = 'Return Created';
export const RESERVED_COMPANY = '__OauthConnection';

export const TASK_STATUSES = ['Pending', 'Success', 'Error', 'Log Only', 'Before Downloading'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  Pending: 'Pending',
  Success: 'Success',
  Error: 'Error',
  'Log Only': 'Log',
  'Before Downloading': 'Downloading',
};

export const TASK_TYPES = [
  'SGL Inbound',
  'SGL Outbound',
  'FGL Outbound',
  'System Log',
  'SGL REST Create',
  'Ecommerce Outbound',
  'Mail',
  'Return Report',
  'Webhook Delivery',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];
/** Types that carry a downloadable file. */
export const TASK_TYPES_WITH_FILE: readonly TaskType[] = ['SGL Outbound', 'SGL Inbound', 'FGL Outbound'];

export const SEARCH_FIELDS = ['orderNo', 'deliveryNo', 'webOrderNumber'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const SETTING_KEYS = [
  'BIZTALK_FTP_USERNAME',
  'BIZTALK_FTP_PASSWORD',
  'BIZTALK_FTP_URL',
  'BIZTALK_INBOUND_DIR',
  'BIZTALK_OUTBOUND_DIR',
  'BIZTALK_MESSAGE_ID_COUNTER',
  'H2O_CUSTOMER_ID',
  'H2O_UPLOAD_DIR',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export const SECRET_SETTING_KEYS: readonly SettingKey[] = ['BIZTALK_FTP_PASSWORD'];

export const LIMITS = {
  historyPageSize: 30,
  taskPageSize: 50,
  searchMinLength: 3,
  searchDebounceMs: 500,
  searchResultLimit: 50,
  productResultLimit: 50,
  minLedgerQuantity: 1,
  maxLedgerQuantity: 100_000,
  /** One return entry (a scan, a saved form, a missing line): more is a typo, not a parcel (issue 28). */
  maxEntryQuantity: 9_999,
  minAttempts: 1,
  maxAttempts: 4,
  autoRetryBelowAttempts: 3,
  notificationAutoCloseMs: 4000,
  notificationLimit: 5,
  headerHeight: 60,
  taskModalWidth: 800,
  connectionDrawerWidth: 800,
  tempIdLength: 6,
  resetTokenMinutes: 60,
  sessionHours: 12,
  maxLedgersPerReturn: 1000,
} as const;

export const GENERIC_CLIENT_ERROR = 'Client error, refresh your page or contact support for help.';
