import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_MAP_TILE_URL } from '../common/schemas/config.js';
import { scaleRateLimits, type RateLimits } from './lib/rate-limits.js';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const port = z.coerce
  .number({ message: 'must be a whole number from 0 to 65535' })
  .int('must be a whole number from 0 to 65535')
  .min(0, 'must be a whole number from 0 to 65535')
  .max(65535, 'must be a whole number from 0 to 65535');

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url({ message: 'must be a URL' }).optional());

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * docs/OPERATIONS.md TRUSTED_PROXIES: a hop count, or addresses/CIDRs, of the reverse proxies in front.
 * Only their forwarded headers are believed; unset, none are (the peer's address is the client's).
 */
const trustedProxies = optionalString.transform((value, ctx): number | string[] | undefined => {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 100) return hops === 0 ? undefined : hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isProxyAddress)) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a number of proxy hops, or a comma-separated list of addresses and CIDR ranges',
    });
    return z.NEVER;
  }
  return entries;
});

/** docs/OPERATIONS.md configuration table; every variable is optional. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalString,
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
      .optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl,
  MAP_TILE_URL: z.string().trim().min(1).default(DEFAULT_MAP_TILE_URL),
  DEMO_DATA: z.enum(['0', '1', 'false', 'true'], { message: 'must be 0 or 1' }).optional(),
  EARLY_ACCESS_HOURS: z.coerce
    .number({ message: 'must be a number of hours from 1 to 2' })
    .min(1, 'must be a number of hours from 1 to 2')
    .max(2, 'must be a number of hours from 1 to 2')
    .default(1),
  BROWSE_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 0 to 60' })
    .min(0, 'must be a number of seconds from 0 to 60')
    .max(60, 'must be a number of seconds from 0 to 60')
    .default(30),
  DATABASE_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 1 to 300' })
    .min(1, 'must be a number of seconds from 1 to 300')
    .max(300, 'must be a number of seconds from 1 to 300')
    .default(5),
  TRUSTED_PROXIES: trustedProxies,
  RATE_LIMIT_FACTOR: z.coerce
    .number({ message: 'must be a number from 1 to 1000000' })
    .min(1, 'must be a number from 1 to 1000000')
    .max(1_000_000, 'must be a number from 1 to 1000000')
    .default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** How long PostgreSQL may take to connect or answer one statement before a 503 (DATABASE_URL only). */
  databaseTimeoutMs: number;
  dataDir: string;
  admin: { email: string; password: string } | undefined;
  sessionSecret: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Web Push keys; unset, a pair is generated once and kept in DATA_DIR (like the session secret). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about this server's pushes (RFC 8292). */
  vapidSubject: string;
  /** Card billing for Premium; set only when all three STRIPE_* variables are. */
  stripe: { secretKey: string; webhookSecret: string; priceId: string } | undefined;
  /** Set when S3_BUCKET is: photos go to that bucket instead of DATA_DIR/uploads. */
  s3: S3Config | undefined;
  mapTileUrl: string;
  logLevel: string;
  /** PRODUCT §1: Premium members see new items this long before everyone else. */
  earlyAccessHours: number;
  /** How long identical browse requests share one answer (0: never); docs/PERFORMANCE.md. */
  browseCacheSeconds: number;
  /** Fill a fresh, empty database with demo families and items (default: embedded database only). */
  demoData: boolean;
  /** Fastify's trustProxy: a hop count or proxy addresses; unset, forwarded headers are ignored. */
  trustedProxies: number | string[] | undefined;
  /** Every abuse limit (server/lib/rate-limits.ts), scaled by RATE_LIMIT_FACTOR. */
  rateLimits: RateLimits;
};

export type S3Config = {
  bucket: string;
  /** Unset means AWS itself; set it for other S3-compatible services (MinIO, R2, B2…). */
  endpoint: string | undefined;
  region: string;
  /** Unset means the AWS SDK's own credential chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where the bucket's files are publicly readable (often a CDN); unset: endpoint/bucket. */
  publicUrl: string | undefined;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment once. Throws a ConfigError listing every bad
 * variable; nothing else in the server reads process.env.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const values = parsed.data;
  const problems: string[] = [];
  if (Boolean(values.ADMIN_EMAIL) !== Boolean(values.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const s3Variables = [values.S3_ENDPOINT, values.S3_REGION, values.S3_ACCESS_KEY_ID, values.S3_PUBLIC_URL];
  if (!values.S3_BUCKET && s3Variables.some(Boolean)) {
    problems.push('S3_BUCKET is required when other S3_* variables are set');
  }
  const stripeVariables = [values.STRIPE_SECRET_KEY, values.STRIPE_WEBHOOK_SECRET, values.STRIPE_PRICE_ID];
  if (stripeVariables.some(Boolean) && !stripeVariables.every(Boolean)) {
    problems.push('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID must be set together');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return Object.freeze({
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    databaseTimeoutMs: values.DATABASE_TIMEOUT_SECONDS * 1000,
    dataDir: values.DATA_DIR,
    admin:
      values.ADMIN_EMAIL && values.ADMIN_PASSWORD
        ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD }
        : undefined,
    sessionSecret: values.SESSION_SECRET,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? 'LittleLoop <no-reply@littleloop.app>',
    vapid:
      values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: values.VAPID_SUBJECT ?? vapidSubjectFrom(values.MAIL_FROM, values.PUBLIC_URL),
    stripe:
      values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET && values.STRIPE_PRICE_ID
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            priceId: values.STRIPE_PRICE_ID,
          }
        : undefined,
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          endpoint: values.S3_ENDPOINT?.replace(/\/$/, ''),
          region: values.S3_REGION ?? 'us-east-1',
          credentials:
            values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: values.S3_PUBLIC_URL?.replace(/\/$/, ''),
        }
      : undefined,
    mapTileUrl: values.MAP_TILE_URL,
    logLevel: values.LOG_LEVEL,
    earlyAccessHours: values.EARLY_ACCESS_HOURS,
    browseCacheSeconds: values.BROWSE_CACHE_SECONDS,
    trustedProxies: values.TRUSTED_PROXIES,
    rateLimits: scaleRateLimits(values.RATE_LIMIT_FACTOR),
    demoData:
      values.DEMO_DATA === undefined
        ? !values.DATABASE_URL
        : values.DEMO_DATA === '1' || values.DEMO_DATA === 'true',
  });
}

/** The mail sender's address as a mailto:, else an https PUBLIC_URL, else the product's address. */
function vapidSubjectFrom(mailFrom: string | undefined, publicUrl: string | undefined): string {
  const address =
    mailFrom?.match(/<([^>]+)>/)?.[1] ?? (mailFrom?.includes('@') ? mailFrom.trim() : undefined);
  if (address) return `mailto:${address}`;
  if (publicUrl?.startsWith('https://')) return publicUrl;
  return 'mailto:no-reply@littleloop.app';
}
