import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

const PUBLISHER_MAIN = join(__dirname, '..', '..', 'dist', 'apps', 'publisher', 'main.js');

/** Starts the publisher in distributed mode with these settings; nothing answers at the addresses given. */
function startPublisher(settings: Record<string, string>) {
  const run = spawnSync(process.execPath, [PUBLISHER_MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      NO_COLOR: '1',
      KAFKA_BROKERS: '127.0.0.1:1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      ENCRYPTION_KEYS_OLD: '',
      ...settings,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('distributed mode: the encryption key', () => {
  it.each(['change-me-in-production', randomBytes(16).toString('base64')])('refuses %p at start, saying what a key must be, without a stack trace', (key) => {
    const { status, output } = startPublisher({ ENCRYPTION_KEY: key });
    expect(status).toBe(1);
    expect(output).toContain('ENCRYPTION_KEY must be 32 random bytes in base64');
    expect(output).toContain('openssl rand -base64 32');
    expect(output).not.toMatch(/^\s+at /m);
  });

});
