import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isCommonPassword } from './lib/common-passwords';

/**
 * Every environment variable the server reads, parsed once at start-up. This module is the
 * only reader of process.env (docs/design.md, Configuration); everything else receives a Config.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** E.164, an alphanumeric sender id (1-11, at least one letter), or a Messaging Service SID. */
const twilioFromPattern =
  /^\+[1-9][0-9]{6,14}$|^MG[0-9a-fA-F]{32}$|^(?=.{1,11}$)(?=.*[A-Za-z])[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

/** proxy-addr's names for address ranges (loopback: 127.0.0.1/8 and ::1, and so on). */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/** An address (10.0.0.5), a network (10.0.0.0/8, fd00::/8) or a range name of proxy-addr. */
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which peers' X-Forwarded-For is believed, so the client address (rate limits,
 * analytics, the dev mailbox's loopback rule) is the one the last trusted proxy saw, never the
 * start of the header, which the client writes itself. Off, a number of proxies in front of
 * the server (Fastify then takes the entry that many hops from the socket), or their
 * addresses. `true` used to trust every hop, the client's included: refused with what to set.
 */
const trustProxySetting = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) {
    context.addIssue({
      code: 'custom',
      message:
        '`true` would believe any X-Forwarded-For a client writes (and walk around every per-IP ' +
        'limit): set how many proxies stand in front of the server (TRUST_PROXY=1 behind one ' +
        'nginx or load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8); see "Behind a ' +
        'reverse proxy" in the README',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
  }
  context.addIssue({
    code: 'custom',
    message:
      'must be false, a number of proxies (1-10) or a comma-separated list of the proxies’ ' +
      'addresses or networks (10.0.0.5, 10.0.0.0/8, loopback)',
  });
  return z.NEVER;
});

/** A line of the legal pages that the operator writes: one line of plain text. */
const operatorText = z
  .string()
  .trim()
  .min(1)
  .max(200, 'must be at most 200 characters')
  .regex(/^[^\p{Cc}<>]*$/u, 'must be one line of text, without < or >');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  // Default: 0.0.0.0 in production, 127.0.0.1 otherwise (a laptop's demo and dev mailbox
  // stay off the local network); see loadConfig.
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  SEED_DEMO: booleanFlag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // The sender of every e-mail: a bare address or `Name <address>`.
  MAIL_FROM: z
    .string()
    .regex(
      /^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/,
      'must be an address or Name <address>',
    )
    .default('Abode <no-reply@localhost>'),
  // Who sends text messages (server/lib/sms/, decision 012); none: they stay in the outbox.
  SMS_PROVIDER: z.enum(['none', 'twilio', 'africastalking']).default('none'),
  // SMS_PROVIDER=twilio: the account's SID and Auth Token (Twilio Console, Account info).
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an Account SID: AC and 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/, 'must be an Auth Token: 32 hex digits')
    .optional(),
  // The sender: a Twilio number in E.164, an alphanumeric sender id where the country allows
  // one, or a Messaging Service (MG…), which then picks the number itself.
  TWILIO_FROM: z
    .string()
    .regex(
      twilioFromPattern,
      'must be a phone number in E.164 (+14155550100), an alphanumeric sender id ' +
        '(up to 11 letters, digits or spaces, at least one letter) or a Messaging Service SID (MG…)',
    )
    .optional(),
  // The chosen provider's API origin, when not its own: a local stand-in in tests, or a
  // proxy in front of the vendor. Unset in production.
  SMS_API_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:4010' }).optional(),
  // SMS_PROVIDER=africastalking: the app's username (`sandbox` for the sandbox) and API key.
  AFRICASTALKING_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be the username of an Africa’s Talking app')
    .optional(),
  AFRICASTALKING_API_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,200}$/, 'must be an API key from the Africa’s Talking dashboard')
    .optional(),
  // An approved alphanumeric sender id or short code of the account.
  AFRICASTALKING_SENDER_ID: z
    .string()
    .regex(
      /^(?=.{1,11}$)[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/,
      'must be a sender id or short code (up to 11 letters, digits or spaces)',
    )
    .optional(),
  // Where support and contact form messages are forwarded (they are also kept for the admins).
  SUPPORT_EMAIL: z.email().default('support@abode.example'),
  // Who runs the site, as the privacy policy and the terms name it (issue 51). The defaults
  // are what the specification says: a limited liability company registered in California,
  // its disputes arbitrated in Los Angeles County.
  OPERATOR_NAME: operatorText.default('Abode LLC'),
  OPERATOR_ADDRESS: operatorText.default('California, United States'),
  OPERATOR_JURISDICTION: operatorText.default('California, United States'),
  OPERATOR_DISPUTE_VENUE: operatorText.default('Los Angeles County, California, United States'),
  OPERATOR_EMAIL: z.email().default('legal@abode.example'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  // STORAGE=s3: any S3-compatible store (AWS S3, MinIO, Cloudflare R2, …).
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  // Unset: AWS S3 itself. Set for other stores, e.g. http://minio.internal:9000.
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  // Unset: the AWS SDK's own chain (AWS_* variables, instance or task role, ~/.aws).
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // bucket in the path (endpoint/bucket/key) rather than the host name: MinIO and most
  // self-hosted stores want it.
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  // Rate limits shared by every server (ioredis); unset: each server counts in memory.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  // Prefix of the rate-limit keys, so several deployments can share one Redis.
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('abode:rate-limit:'),
  TRUST_PROXY: trustProxySetting.optional(),
  // off: every search in SQL, no in-memory index (an operator's escape hatch; decision 002).
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  // How long a message stays unread before its recipient is told (issue 37): 5 minutes. The
  // browser journeys shorten it to see the reminder arrive; the code path is the same.
  MESSAGE_REMINDER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  // A GeoLite2 City database (.mmdb) for the city and country of visitor records.
  GEOIP_DATABASE: z.string().min(1).optional(),
  // How uploaded videos are scanned: auto = clamscan when installed, else none (unscanned).
  VIRUS_SCANNER: z.enum(['auto', 'clamscan', 'clamdscan', 'none']).default('auto'),
  // A ClamAV signature file or folder for clamscan (-d); unset: ClamAV's own database.
  CLAMAV_DATABASE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Set by `npm run dev`: where the hot-reloading web app is, for the start-up banner.
  WEB_DEV_URL: z.url().optional(),
  // The maps (issue 39): a MapLibre vector style. Default: OpenFreeMap's Liberty, made from
  // OpenStreetMap, free and without a key; its tiles, fonts and icons come from its host.
  MAP_STYLE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://tiles.openfreemap.org/styles/liberty'),
  // Or a PMTiles file of Protomaps' basemap that this server serves itself (range requests),
  // for an operator who wants no third party: MAP_STYLE_URL is then not used.
  MAP_PMTILES: z.string().min(1).optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /**
   * undefined: decide at start-up (seed an empty embedded database, never in production).
   * Never true in production (loadConfig refuses it).
   */
  seedDemo: boolean | undefined;
  smtpUrl: string | undefined;
  /** The From of every e-mail, e.g. `Abode <no-reply@abode.example>`. */
  mailFrom: string;
  supportEmail: string;
  /**
   * Who runs the site, as the legal pages name it (OPERATOR_*, issue 51): its name, registered
   * address, the jurisdiction it is registered in and whose law governs the terms, where
   * disputes are arbitrated, and its e-mail address for legal matters.
   */
  operator: {
    name: string;
    address: string;
    jurisdiction: string;
    disputeVenue: string;
    email: string;
  };
  /** How text messages leave (SMS_PROVIDER and its keys); provider none: the outbox. */
  sms: SmsConfig;
  storage: 'local' | 's3';
  /** Set when storage is `s3`. */
  s3: S3Config | undefined;
  /** Rate limits in Redis (shared by several servers); undefined: in memory. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /**
   * Whose X-Forwarded-For is believed: nobody (false), this many proxies in front of the
   * server, or the proxies at these addresses or networks. Fastify's `trustProxy` as is.
   */
  trustProxy: false | number | string[];
  /** Whether searches are answered from the in-memory index (SEARCH_INDEX, default on). */
  searchIndex: boolean;
  /** How long a message stays unread before its recipient is told (MESSAGE_REMINDER_SECONDS). */
  messageReminderMs: number;
  geoipDatabase: string | undefined;
  virusScanner: 'auto' | 'clamscan' | 'clamdscan' | 'none';
  clamavDatabase: string | undefined;
  logLevel: string;
  webDevUrl: string | undefined;
  /** Where the maps' tiles come from (issue 39): a style's URL, or a PMTiles file served here. */
  map: { styleUrl: string; pmtiles: string | undefined };
};

export type SmsConfig =
  | { provider: 'none' }
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      /** A number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG…). */
      from: string;
      /** SMS_API_URL: the API's origin when not Twilio's own (a stand-in in tests). */
      baseUrl?: string;
    }
  | {
      provider: 'africastalking';
      username: string;
      apiKey: string;
      senderId: string;
      /** SMS_API_URL: the API's origin when not Africa's Talking's own. */
      baseUrl?: string;
    };

export type S3Config = {
  bucket: string;
  region: string;
  /** undefined: AWS S3. */
  endpoint: string | undefined;
  /** Both or neither; neither: the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO= in a shell or .env) means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD must be set together']);
  }
  // The demo accounts' password is printed in the README: on a public site it would open them.
  if (e.NODE_ENV === 'production' && e.SEED_DEMO === true) {
    throw new ConfigError([
      'SEED_DEMO: the demo accounts (published passwords) are never loaded when ' +
        'NODE_ENV=production; the demo is for trying Abode locally. Create an administrator ' +
        'with ADMIN_EMAIL and ADMIN_PASSWORD, or npm run create-admin',
    ]);
  }
  if (e.ADMIN_PASSWORD !== undefined && isCommonPassword(e.ADMIN_PASSWORD)) {
    throw new ConfigError(['ADMIN_PASSWORD: is one of the 10 000 most common passwords']);
  }
  const s3Problems: string[] = [];
  if (e.STORAGE === 's3' && e.S3_BUCKET === undefined) {
    s3Problems.push('S3_BUCKET: is required when STORAGE=s3');
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    s3Problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (s3Problems.length > 0) throw new ConfigError(s3Problems);
  const sms = smsConfig(e);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM.trim(),
    supportEmail: e.SUPPORT_EMAIL.toLowerCase(),
    operator: {
      name: e.OPERATOR_NAME,
      address: e.OPERATOR_ADDRESS,
      jurisdiction: e.OPERATOR_JURISDICTION,
      disputeVenue: e.OPERATOR_DISPUTE_VENUE,
      email: e.OPERATOR_EMAIL.toLowerCase(),
    },
    sms,
    storage: e.STORAGE,
    s3:
      e.STORAGE === 's3' && e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY ?? false,
    searchIndex: e.SEARCH_INDEX === 'on',
    messageReminderMs: e.MESSAGE_REMINDER_SECONDS * 1000,
    geoipDatabase: e.GEOIP_DATABASE && path.resolve(e.GEOIP_DATABASE),
    virusScanner: e.VIRUS_SCANNER,
    clamavDatabase: e.CLAMAV_DATABASE && path.resolve(e.CLAMAV_DATABASE),
    logLevel: e.LOG_LEVEL,
    webDevUrl: e.WEB_DEV_URL,
    map: { styleUrl: e.MAP_STYLE_URL, pmtiles: e.MAP_PMTILES && path.resolve(e.MAP_PMTILES) },
  };
}

/**
 * The chosen SMS provider with its keys; a key the provider needs and that is missing stops
 * the start with the variable's name. Keys of a provider not chosen are ignored.
 */
function smsConfig(e: z.infer<typeof envSchema>): SmsConfig {
  type Key = Extract<keyof typeof e, `TWILIO_${string}` | `AFRICASTALKING_${string}`>;
  const required = <K extends Key>(...names: K[]): Record<K, string> => {
    const missing = names.filter((name) => e[name] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        missing.map((name) => `${name}: is required when SMS_PROVIDER=${e.SMS_PROVIDER}`),
      );
    }
    return Object.fromEntries(names.map((name) => [name, e[name]])) as Record<K, string>;
  };
  switch (e.SMS_PROVIDER) {
    case 'none':
      return { provider: 'none' };
    case 'twilio': {
      const k = required('TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM');
      return {
        provider: 'twilio',
        accountSid: k.TWILIO_ACCOUNT_SID,
        authToken: k.TWILIO_AUTH_TOKEN,
        from: k.TWILIO_FROM,
        ...(e.SMS_API_URL ? { baseUrl: e.SMS_API_URL } : {}),
      };
    }
    case 'africastalking': {
      const k = required(
        'AFRICASTALKING_USERNAME',
        'AFRICASTALKING_API_KEY',
        'AFRICASTALKING_SENDER_ID',
      );
      return {
        provider: 'africastalking',
        username: k.AFRICASTALKING_USERNAME,
        apiKey: k.AFRICASTALKING_API_KEY,
        senderId: k.AFRICASTALKING_SENDER_ID,
        ...(e.SMS_API_URL ? { baseUrl: e.SMS_API_URL } : {}),
      };
    }
  }
}

/** A config for tests and scripts: defaults, then the given overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
