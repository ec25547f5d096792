import { ConfigError, loadConfig } from './app-config';

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
