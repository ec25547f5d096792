import { ConfigError, loadConfig } from './app-config';

describe('KAFKA_FETCH_WAIT_MS', () => {
  it('is 100 ms unless set, and takes a whole number of at least 1', () => {
    expect(loadConfig({}).kafkaFetchWaitMs).toBe(100);
    expect(loadConfig({ KAFKA_FETCH_WAIT_MS: '500' }).kafkaFetchWaitMs).toBe(500);
    expect(() => loadConfig({ KAFKA_FETCH_WAIT_MS: '0' })).toThrow(ConfigError);
  });
});

describe('POST_SERVICE_URL, PUBLISHER_URL, WEBHOOK_DISPATCHER_URL', () => {
  it('name each service on the deployment network unless set, without a trailing slash', () => {
    expect(loadConfig({}).serviceUrls).toEqual({ 'post-service': 'http://post-service:3000', publisher: 'http://publisher:3000', 'webhook-dispatcher': 'http://webhook-dispatcher:3000' });
    expect(loadConfig({ POST_SERVICE_URL: 'http://10.0.0.7:8080/', PUBLISHER_URL: 'https://publisher.internal' }).serviceUrls).toMatchObject({
      'post-service': 'http://10.0.0.7:8080',
      publisher: 'https://publisher.internal',
    });
  });
});

describe('KAFKA_SESSION_TIMEOUT_MS', () => {
  it('is 30000 ms unless set', () => {
    expect(loadConfig({}).kafkaSessionTimeoutMs).toBe(30_000);
  });

  it('takes the value set', () => {
    expect(loadConfig({ KAFKA_SESSION_TIMEOUT_MS: '6000' }).kafkaSessionTimeoutMs).toBe(6_000);
  });

  it('refuses less than a second, and what is not a whole number', () => {
    expect(() => loadConfig({ KAFKA_SESSION_TIMEOUT_MS: '500' })).toThrow(new ConfigError('KAFKA_SESSION_TIMEOUT_MS must be an integer of at least 1000, got "500"'));
    expect(() => loadConfig({ KAFKA_SESSION_TIMEOUT_MS: '6s' })).toThrow(ConfigError);
  });
});

describe('READINESS_LOOP_STALE_MS', () => {
  it('is a minute unless set, and takes a whole number of milliseconds of at least 1', () => {
    expect(loadConfig({}).readinessLoopStaleMs).toBe(60_000);
    expect(loadConfig({ READINESS_LOOP_STALE_MS: '5000' }).readinessLoopStaleMs).toBe(5_000);
    expect(() => loadConfig({ READINESS_LOOP_STALE_MS: '0' })).toThrow(new ConfigError('READINESS_LOOP_STALE_MS must be an integer of at least 1, got "0"'));
    expect(() => loadConfig({ READINESS_LOOP_STALE_MS: '1m' })).toThrow(ConfigError);
  });
});

describe('MESSAGE_RETRY_MAX_DELAY_MS and MESSAGE_DEAD_LETTER_AFTER_MS', () => {
  it('retry every 30 s at most, for a day, unless set', () => {
    expect(loadConfig({})).toMatchObject({ messageRetryMaxDelayMs: 30_000, messageDeadLetterAfterMs: 86_400_000 });
    expect(loadConfig({ MESSAGE_RETRY_MAX_DELAY_MS: '5000', MESSAGE_DEAD_LETTER_AFTER_MS: '3600000' })).toMatchObject({
      messageRetryMaxDelayMs: 5_000,
      messageDeadLetterAfterMs: 3_600_000,
    });
  });
});

describe('BUS_RETENTION_HOURS', () => {
  it('keeps handled messages of the embedded bus for a week unless set; 0 keeps them for good', () => {
    expect(loadConfig({}).busRetentionHours).toBe(168);
    expect(loadConfig({ BUS_RETENTION_HOURS: '0' }).busRetentionHours).toBe(0);
    expect(() => loadConfig({ BUS_RETENTION_HOURS: '-1' })).toThrow(ConfigError);
  });
});

describe('WEBHOOKS_MAX_PER_WORKSPACE', () => {
  it('allows 20 webhooks per workspace unless set, and at least one', () => {
    expect(loadConfig({}).webhooksMaxPerWorkspace).toBe(20);
    expect(loadConfig({ WEBHOOKS_MAX_PER_WORKSPACE: '5' }).webhooksMaxPerWorkspace).toBe(5);
    expect(() => loadConfig({ WEBHOOKS_MAX_PER_WORKSPACE: '0' })).toThrow(ConfigError);
  });
});

describe('MEDIA_UPLOADS_MAX_CONCURRENT', () => {
  it('lets a process receive 4 uploads at once unless set, and at least 1', () => {
    expect(loadConfig({}).mediaUploadsMaxConcurrent).toBe(4);
    expect(loadConfig({ MEDIA_UPLOADS_MAX_CONCURRENT: '16' }).mediaUploadsMaxConcurrent).toBe(16);
    expect(() => loadConfig({ MEDIA_UPLOADS_MAX_CONCURRENT: '0' })).toThrow(ConfigError);
  });
});

describe('PUBLIC_URL', () => {
  it('is said to be configured only when set, without its trailing slashes', () => {
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ publicUrl: 'http://localhost:8080', publicUrlConfigured: false });
    expect(loadConfig({ PUBLIC_URL: 'https://social.example/' })).toMatchObject({ publicUrl: 'https://social.example', publicUrlConfigured: true });
    expect(loadConfig({ PUBLIC_URL: '  ' }).publicUrlConfigured).toBe(false);
  });
});

describe('PUBLISH_ATTEMPT_LEASE_MS', () => {
  it('holds an attempt 2 minutes unless set, at least a second', () => {
    expect(loadConfig({}).publishAttemptLeaseMs).toBe(120_000);
    expect(loadConfig({ PUBLISH_ATTEMPT_LEASE_MS: '5000' }).publishAttemptLeaseMs).toBe(5_000);
    expect(() => loadConfig({ PUBLISH_ATTEMPT_LEASE_MS: '500' })).toThrow(ConfigError);
  });
});

describe('SESSION_TTL_HOURS', () => {
  it('keeps a dashboard session 12 hours unless set; fractions allowed, more than 0', () => {
    expect(loadConfig({}).sessionTtlHours).toBe(12);
    expect(loadConfig({ SESSION_TTL_HOURS: '0.5' }).sessionTtlHours).toBe(0.5);
    expect(() => loadConfig({ SESSION_TTL_HOURS: '0' })).toThrow(new ConfigError('SESSION_TTL_HOURS must be a number greater than 0, got "0"'));
    expect(() => loadConfig({ SESSION_TTL_HOURS: '12h' })).toThrow(ConfigError);
  });
});

describe('TRUST_PROXY', () => {
  it('is the number of proxies in front of the service: none unless set, true is one, false none', () => {
    expect(loadConfig({}).trustedProxyCount).toBe(0);
    expect([loadConfig({ TRUST_PROXY: 'true' }), loadConfig({ TRUST_PROXY: 'TRUE' }), loadConfig({ TRUST_PROXY: '1' })].map((config) => config.trustedProxyCount)).toEqual([1, 1, 1]);
    expect([loadConfig({ TRUST_PROXY: 'false' }), loadConfig({ TRUST_PROXY: '0' })].map((config) => config.trustedProxyCount)).toEqual([0, 0]);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustedProxyCount).toBe(2);
  });

  it('refuses what is neither a boolean nor a whole number of proxies', () => {
    for (const value of ['-1', '1.5', 'two', '0x2']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(new ConfigError(`TRUST_PROXY must be true, false or the number of proxies in front of the service, got "${value}"`));
    }
  });
});

describe('HTTP_MAX_CONNECTIONS_PER_ADDRESS and HTTP_BODY_TIMEOUT_MS', () => {
  it('let an address hold 64 connections and a body pause 15 s unless set, and take whole numbers of at least 1', () => {
    expect(loadConfig({}).http).toMatchObject({ maxConnectionsPerAddress: 64, bodyTimeoutMs: 15_000 });
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '8', HTTP_BODY_TIMEOUT_MS: '500' }).http).toMatchObject({ maxConnectionsPerAddress: 8, bodyTimeoutMs: 500 });
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ HTTP_BODY_TIMEOUT_MS: '1s' })).toThrow(ConfigError);
  });
});
