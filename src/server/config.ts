import { z } from 'zod';
import { resolve } from 'node:path';

const boolFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Which proxies may set X-Forwarded-For (client address for throttling and logs). Off by default:
   * trusting it from anyone would let a client pick its own address and dodge the login limits.
   * `true`, a hop count, or addresses/CIDRs/`loopback` separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string[] => {
      if (!v || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
  DATA_DIR: z.string().default('./data'),
  /** Folder of the built SPA; defaults to dist/web beside the server build. */
  WEB_ROOT: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * A session of its own to PostgreSQL (not through a transaction pooler), for what needs one: the
   * worker's LISTEN and the migrations at boot (issue 29). Optional.
   */
  DIRECT_DATABASE_URL: z.string().optional(),
  /**
   * `transaction` when DATABASE_URL is a transaction-mode pooler (PgBouncer pool_mode =
   * transaction): statements go unnamed and, without DIRECT_DATABASE_URL, the worker polls.
   */
  DATABASE_POOLER: z.enum(['none', 'session', 'transaction']).default('none'),
  /** A streaming replica for the read-heavy pages (history, dashboard, task monitor). Optional. */
  REPLICA_DATABASE_URL: z.string().optional(),
  /** How long a routed read waits for the replica to catch up before it reads the primary. */
  REPLICA_MAX_WAIT_MS: z.coerce.number().int().min(0).max(5000).default(30),
  APP_SECRET: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  DEMO_DATA: boolFlag,
  DEMO_OPERATOR_PASSWORD: z.string().min(1).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Returns Desk <no-reply@returns-desk.local>'),
  LOG_LEVEL: z.string().default('info'),
  SESSION_HOURS: z.coerce.number().positive().default(12),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  WORKER_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** Outbound files a worker slot builds and finishes together (one read, one id draw, one write each). */
  WORKER_BATCH_SIZE: z.coerce.number().int().min(1).max(256).default(16),
  TASK_LEASE_SECONDS: z.coerce.number().int().min(5).default(300),
  INBOUND_POLL_SECONDS: z.coerce.number().int().min(0).default(300),
  ROLLUP_FOLD_SECONDS: z.coerce.number().min(0).default(5),
  REPORT_SCHEDULE_POLL_SECONDS: z.coerce.number().int().min(0).default(30),
  PARTNER_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** How long a webhook receiver may take to answer before the attempt counts as failed (issue 26). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How often a worker looks for expected returns that became overdue (0 = never; issue 26). */
  EXPECTED_OVERDUE_POLL_MINUTES: z.coerce.number().int().min(0).default(60),
  /** How often a worker applies the default of decisions past their deadline and mails the brands' digests (0 = never; issue 25). */
  DECISION_POLL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Accept http:// webhook URLs: only for a receiver on the same machine (development, tests). */
  WEBHOOK_ALLOW_HTTP: boolFlag,
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Largest photo upload, in megabytes (issue 16). */
  PHOTO_MAX_MB: z.coerce.number().positive().max(100).default(15),
  /** How long a signed photo link in an outbound file, web-shop post or report works. */
  PHOTO_LINK_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** A photo that nothing attached (an abandoned draft) is removed after this many hours. */
  PHOTO_UNATTACHED_HOURS: z.coerce.number().positive().default(24),
  /** How often a worker looks for abandoned photos (0 = never). */
  PHOTO_CLEANUP_MINUTES: z.coerce.number().int().min(0).default(60),
  /**
   * Folder of the photo store without S3_BUCKET (default DATA_DIR/photos). Several nodes may share
   * one folder (a network mount) while the rest of DATA_DIR stays each node's own.
   */
  PHOTO_DIR: z.string().optional(),
  /** S3-compatible photo store; without S3_BUCKET photos are kept in PHOTO_DIR. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolFlag,
  S3_PREFIX: z.string().optional(),
  /**
   * Redis shared by every web process for the request rate limits (issue 29); without it each
   * process counts on its own, so N web processes allow N times the requests.
   */
  REDIS_URL: z.string().optional(),
  /** Prefix of the rate-limit keys, so one Redis can serve several installations (or test runs). */
  REDIS_KEY_PREFIX: z.string().min(1).default('returns-desk:rate-limit:'),
});

export type Env = z.infer<typeof envSchema>;

/** Every setting the server reads (deployment files are checked against it: scripts/check-compose.ts). */
export const SERVER_ENV_KEYS: readonly string[] = Object.keys(envSchema.shape);

export interface Config extends Env {
  dataDir: string;
  outboxDir: string;
  photoDir: string;
}

/** The one place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.parse(env);
  const dataDir = resolve(parsed.DATA_DIR);
  const photoDir = parsed.PHOTO_DIR ? resolve(parsed.PHOTO_DIR) : resolve(dataDir, 'photos');
  return { ...parsed, dataDir, outboxDir: resolve(dataDir, 'outbox'), photoDir };
}
