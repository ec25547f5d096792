import { createHash } from 'node:crypto';
import { PublishOutcome, PublishProvider, PublishRequest } from '../publish-provider';

const OUTCOMES = ['success', 'failure'] as const;

/**
 * The built-in provider: needs no credentials and never leaves the machine. `settings.outcome`
 * `"success"` (default) publishes, `"failure"` fails every publish.
 */
export class SandboxProvider implements PublishProvider {
  readonly name = 'sandbox';
  readonly honoursIdempotencyKeys = true;

  validate(settings: Record<string, unknown>): Record<string, string[]> {
    const outcome = settings.outcome;
    if (outcome === undefined || (OUTCOMES as readonly unknown[]).includes(outcome)) return {};
    return { 'settings.outcome': ['The selected settings.outcome is invalid.'] };
  }

  async authorize(): Promise<boolean> {
    return true;
  }

  async publish({ idempotencyKey, account, settings }: PublishRequest): Promise<PublishOutcome> {
    if (settings.outcome === 'failure') {
      return { kind: 'permanent_failure', message: `The sandbox account ${account.name} is set to fail every publish.` };
    }
    // Derived from the attempt, as a platform that honours idempotency keys would answer.
    const externalId = `sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`;
    return { kind: 'success', externalId, externalUrl: `https://sandbox.invalid/posts/${externalId}` };
  }
}
