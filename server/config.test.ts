import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('starts with nothing set: port 5000, ./data, local storage, no proxy, no PostgreSQL', () => {
    const config = loadConfig({});
    // An unread message is told after 5 minutes (issue 37).
    expect(config.messageReminderMs).toBe(300_000);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 5000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:5000',
      adminEmail: undefined,
      adminPassword: undefined,
      seedDemo: undefined,
      smtpUrl: undefined,
      mailFrom: 'Abode <no-reply@localhost>',
      storage: 'local',
      trustProxy: false,
      sms: { provider: 'none' },
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('refuses SEED_DEMO=true in production (published passwords), and allows it elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'yes' })).toThrow(
      /SEED_DEMO: .*never loaded when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('derives the default public URL from PORT and resolves a relative DATA_DIR', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: 'var/abode' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.resolve('var/abode'));
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '3000',
      DATA_DIR: '/srv/abode',
      DATABASE_URL: 'postgresql://abode@db.internal:5432/abode',
      PUBLIC_URL: 'https://abode.example',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'a long enough secret',
      SEED_DEMO: 'false',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Abode Rentals <hello@abode.example>',
      STORAGE: 's3',
      S3_BUCKET: 'abode-files',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'abode',
      S3_SECRET_ACCESS_KEY: 'an s3 secret',
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: 'redis://cache.internal:6379/2',
      REDIS_KEY_PREFIX: 'abode-prod:',
      TRUST_PROXY: '1',
      MESSAGE_REMINDER_SECONDS: '600',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      isProduction: true,
      port: 3000,
      dataDir: '/srv/abode',
      databaseUrl: 'postgresql://abode@db.internal:5432/abode',
      publicUrl: 'https://abode.example',
      adminEmail: 'boss@example.com',
      adminPassword: 'a long enough secret',
      seedDemo: false,
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Abode Rentals <hello@abode.example>',
      storage: 's3',
      s3: {
        bucket: 'abode-files',
        region: 'eu-west-1',
        endpoint: 'http://minio.internal:9000',
        credentials: { accessKeyId: 'abode', secretAccessKey: 'an s3 secret' },
        forcePathStyle: true,
      },
      redisUrl: 'redis://cache.internal:6379/2',
      redisKeyPrefix: 'abode-prod:',
      trustProxy: 1,
      messageReminderMs: 600_000,
    });
  });

  it('has no S3 settings with local storage and counts rate limits in memory by default', () => {
    const config = loadConfig({ S3_BUCKET: 'ignored-bucket' });
    expect(config.storage).toBe('local');
    expect(config.s3).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.redisKeyPrefix).toBe('abode:rate-limit:');
  });

  it('takes S3 credentials from the AWS SDK chain when no keys are given (an instance role)', () => {
    const config = loadConfig({ STORAGE: 's3', S3_BUCKET: 'abode-files' });
    expect(config.s3).toEqual({
      bucket: 'abode-files',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses STORAGE=s3 without a bucket, with a clear start-up message', () => {
    const error = configError({ STORAGE: 's3' });
    expect(error.problems).toEqual(['S3_BUCKET: is required when STORAGE=s3']);
    expect(error.message).toContain('S3_BUCKET: is required when STORAGE=s3');
  });

  it('refuses one S3 key without the other, and never prints the secret', () => {
    const secret = 'wJalrXUtnFEMI-very-secret';
    const error = configError({
      STORAGE: 's3',
      S3_BUCKET: 'abode-files',
      S3_SECRET_ACCESS_KEY: secret,
    });
    expect(error.problems).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ]);
    expect(error.message).not.toContain(secret);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads the flag value %s as %s', (value, expected) => {
    const config = loadConfig({ SEED_DEMO: value, S3_FORCE_PATH_STYLE: value });
    expect(config.seedDemo).toBe(expected);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.5, 192.168.1.0/24', ['10.0.0.5', '192.168.1.0/24']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
    ['::1', ['::1']],
  ])(
    'reads TRUST_PROXY=%s as %j: nobody, a number of proxies or their addresses',
    (value, expected) => {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
    },
  );

  it.each(['true', 'yes', 'TRUE'])(
    'refuses TRUST_PROXY=%s (it believed what clients write) and says what to set instead',
    (value) => {
      const error = configError({ TRUST_PROXY: value });
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toMatch(/^TRUST_PROXY: /);
      expect(error.problems[0]).toContain('TRUST_PROXY=1');
      expect(error.problems[0]).toContain('TRUST_PROXY=10.0.0.0/8');
    },
  );

  it.each(['-1', '11', '1.5', '10.0.0.0/33', '10.0.0', 'abode.example', '10.0.0.1,', '::1/129'])(
    'refuses TRUST_PROXY=%s with what it takes',
    (value) => {
      const error = configError({ TRUST_PROXY: value });
      expect(error.problems).toEqual([
        expect.stringMatching(/^TRUST_PROXY: must be false, a number of proxies \(1-10\)/),
      ]);
    },
  );

  it('listens on 127.0.0.1 unless in production (0.0.0.0) or HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.11' }).host).toBe('10.0.0.11');
  });

  it('treats empty variables as unset (FOO= in a shell or .env file)', () => {
    const config = loadConfig({
      PORT: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      PUBLIC_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SEED_DEMO: '',
      SMTP_URL: '',
      MAIL_FROM: '',
      STORAGE: '',
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      REDIS_URL: '',
      TRUST_PROXY: '',
      NODE_ENV: '',
    });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 5000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:5000',
      adminEmail: undefined,
      seedDemo: undefined,
      smtpUrl: undefined,
      mailFrom: 'Abode <no-reply@localhost>',
      storage: 'local',
      s3: undefined,
      redisUrl: undefined,
      trustProxy: false,
    });
  });

  it('removes trailing slashes from PUBLIC_URL, so links can be built with `${publicUrl}/path`', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://abode.example/' }).publicUrl).toBe(
      'https://abode.example',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://abode.example/rent//' }).publicUrl).toBe(
      'https://abode.example/rent',
    );
  });

  it('lists every bad key at once, each with its name', () => {
    const error = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', STORAGE: 'ftp' });
    expect(error.problems).toHaveLength(3);
    expect(error.problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(error.problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(error.problems.some((p) => p.startsWith('STORAGE:'))).toBe(true);
    expect(error.problems.find((p) => p.startsWith('DATABASE_URL:'))).toContain(
      'must be a postgres:// or postgresql:// URL',
    );
    // The message printed at start-up names them too.
    for (const key of ['PORT', 'DATABASE_URL', 'STORAGE']) expect(error.message).toContain(key);
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['NODE_ENV', 'staging'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['SMTP_URL', 'http://mail.example'],
    ['MAIL_FROM', 'Abode'],
    ['MAIL_FROM', 'Abode <no-reply>'],
    ['TRUST_PROXY', 'maybe'],
    ['SEED_DEMO', 'sometimes'],
    ['LOG_LEVEL', 'loud'],
    ['S3_BUCKET', 'Not_A_Bucket'],
    ['S3_ENDPOINT', 'minio.internal:9000'],
    ['S3_FORCE_PATH_STYLE', 'perhaps'],
    ['REDIS_URL', 'http://cache.internal:6379'],
    ['SMS_PROVIDER', 'vonage'],
    ['TWILIO_ACCOUNT_SID', 'SK0123456789abcdef0123456789abcdef'],
    ['TWILIO_ACCOUNT_SID', 'AC0123'],
    ['TWILIO_AUTH_TOKEN', 'not-a-token'],
    ['TWILIO_FROM', '0244000001'],
    ['TWILIO_FROM', '12345'],
    ['TWILIO_FROM', 'Abode Rentals'],
    ['TWILIO_FROM', 'MG0123'.padEnd(40, 'z')],
    ['AFRICASTALKING_USERNAME', 'my app'],
    ['AFRICASTALKING_API_KEY', 'short'],
    ['AFRICASTALKING_SENDER_ID', 'Abode Rentals'],
    ['AFRICASTALKING_SENDER_ID', ' Abode'],
  ])('refuses %s=%s and names the key', (key, value) => {
    const env: NodeJS.ProcessEnv = { [key]: value };
    if (key === 'ADMIN_EMAIL') env.ADMIN_PASSWORD = 'a long enough secret';
    const error = configError(env);
    expect(error.problems.map((p) => p.split(':')[0])).toContain(key);
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD, and the other way round', () => {
    const withoutPassword = configError({ ADMIN_EMAIL: 'boss@example.com' });
    expect(withoutPassword.problems.join('\n')).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    const withoutEmail = configError({ ADMIN_PASSWORD: 'a long enough secret' });
    expect(withoutEmail.problems.join('\n')).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });

  it('refuses an administrator password shorter than 8 characters', () => {
    const error = configError({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' });
    expect(error.problems).toEqual(['ADMIN_PASSWORD: must be at least 8 characters']);
  });

  it('refuses an administrator password from the common-password list', () => {
    const error = configError({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'password1' });
    expect(error.problems).toEqual(['ADMIN_PASSWORD: is one of the 10 000 most common passwords']);
  });

  it('never prints the administrator password in its error', () => {
    const secret = `hunter2-${'s'.repeat(130)}`;
    const error = configError({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: secret });
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
    ]);
    expect(error.message).not.toContain('hunter2');
  });

  // PUBLIC_URL builds the absolute links in mail and share cards, so it must be an http(s)
  // origin. A value without a scheme such as `localhost:5000` parses as a URL whose scheme
  // is `localhost`, and every link in every mail would be broken.
  it.each(['localhost:5000', 'javascript:alert(1)'])(
    'refuses PUBLIC_URL=%s, which is not an http(s) URL',
    (value) => {
      const error = configError({ PUBLIC_URL: value });
      expect(error.problems.map((p) => p.split(':')[0])).toEqual(['PUBLIC_URL']);
    },
  );
  describe('SMS providers', () => {
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'fedcba9876543210fedcba9876543210',
      TWILIO_FROM: '+14155550100',
    };
    const africasTalking = {
      SMS_PROVIDER: 'africastalking',
      AFRICASTALKING_USERNAME: 'abode',
      AFRICASTALKING_API_KEY: 'atsk_0123456789abcdef0123456789abcdef',
      AFRICASTALKING_SENDER_ID: 'Abode',
    };

    it('reads Twilio’s keys and sender', () => {
      expect(loadConfig(twilio).sms).toEqual({
        provider: 'twilio',
        accountSid: 'AC0123456789abcdef0123456789abcdef',
        authToken: 'fedcba9876543210fedcba9876543210',
        from: '+14155550100',
      });
    });

    it.each(['+233244000001', 'Abode', 'Abode GH', 'MG0123456789abcdef0123456789abcdef'])(
      'takes TWILIO_FROM=%s (a number, a sender id or a Messaging Service)',
      (from) => {
        expect(loadConfig({ ...twilio, TWILIO_FROM: from }).sms).toMatchObject({ from });
      },
    );

    it('reads Africa’s Talking’s keys and sender id', () => {
      expect(loadConfig(africasTalking).sms).toEqual({
        provider: 'africastalking',
        username: 'abode',
        apiKey: 'atsk_0123456789abcdef0123456789abcdef',
        senderId: 'Abode',
      });
      expect(
        loadConfig({ ...africasTalking, AFRICASTALKING_SENDER_ID: '20880' }).sms,
      ).toMatchObject({ senderId: '20880' });
    });

    it('accepts none, and ignores the keys of a provider not chosen', () => {
      expect(loadConfig({ ...twilio, SMS_PROVIDER: 'none' }).sms).toEqual({ provider: 'none' });
      expect(loadConfig({ ...twilio, SMS_PROVIDER: '' }).sms).toEqual({ provider: 'none' });
      expect(loadConfig({ ...twilio, ...africasTalking }).sms.provider).toBe('africastalking');
    });

    it('stops the start when a key of the chosen provider is missing, naming each', () => {
      expect(configError({ SMS_PROVIDER: 'twilio' }).problems).toEqual([
        'TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER=twilio',
        'TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER=twilio',
        'TWILIO_FROM: is required when SMS_PROVIDER=twilio',
      ]);
      const { AFRICASTALKING_API_KEY: _key, ...withoutKey } = africasTalking;
      const error = configError(withoutKey);
      expect(error.problems).toEqual([
        'AFRICASTALKING_API_KEY: is required when SMS_PROVIDER=africastalking',
      ]);
      expect(error.message).toContain('AFRICASTALKING_API_KEY');
    });

    it('never prints a token or key in its error', () => {
      const token = 'not-a-token-but-secret-anyway';
      const key = 'secret key with spaces';
      const error = configError({
        ...twilio,
        TWILIO_AUTH_TOKEN: token,
        AFRICASTALKING_API_KEY: key,
      });
      expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual([
        'AFRICASTALKING_API_KEY',
        'TWILIO_AUTH_TOKEN',
      ]);
      expect(error.message).not.toContain(token);
      expect(error.message).not.toContain(key);
    });
  });
});
