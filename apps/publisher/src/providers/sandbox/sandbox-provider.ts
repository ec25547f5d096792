import { createHash } from 'node:crypto';
import { DeleteOutcome, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';

const OUTCOMES = ['success', 'failure'] as const;

/**
 * The built-in provider: needs no credentials and never leaves the machine. `settings.outcome`
 * `"success"` (default) publishes, `"failure"` fails every publish. It answers the same id for the
 * same idempotency key, as a platform that honours such keys would.
 */
export class SandboxProvider implements PublishProvider {
  readonly name = 'sandbox';
  readonly crashRecovery = 'idempotency_key';
  readonly urlField = null;

  validate(settings: Record<string, unknown>): Record<string, string[]> {
    const outcome = settings.outcome;
    if (outcome === undefined || (OUTCOMES as readonly unknown[]).includes(outcome)) return {};
    return { 'settings.outcome': ['The selected settings.outcome is invalid.'] };
  }

  async verify(settings: Record<string, unknown>): Promise<Verification> {
    return { kind: 'verified', account: { username: null, name: 'Sandbox', settings } };
  }

  async publish({ idempotencyKey, account, connection }: PublishRequest): Promise<PublishOutcome> {
    if (connection.settings.outcome === 'failure') {
      return { kind: 'rejected', message: `The sandbox account ${account.name} is set to fail every publish.` };
    }
    const externalId = `sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`;
    return { kind: 'published', externalId, externalUrl: `https://sandbox.invalid/posts/${externalId}` };
  }

  async delete(): Promise<DeleteOutcome> {
    return { kind: 'deleted' };
  }
}
