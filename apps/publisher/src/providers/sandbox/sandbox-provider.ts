import { createHash } from 'node:crypto';
import { FieldMessages, PostBodyLimits } from '@app/domain';
import { DeleteOutcome, MetricsOutcome, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';

const OUTCOMES = ['success', 'failure', 'unauthorized'] as const;

/** The outcome the account's settings give content item `index`: `item_outcomes[index]`, else `outcome`. */
function outcomeOf(settings: Record<string, unknown>, index: number): unknown {
  const perItem = Array.isArray(settings.item_outcomes) ? (settings.item_outcomes as unknown[])[index] : undefined;
  return perItem ?? settings.outcome;
}

/**
 * The built-in provider: needs no credentials and never leaves the machine. `settings.outcome`
 * `"success"` (default) publishes, `"failure"` fails every publish, `"unauthorized"` fails every
 * publish as a refused authorization (the account must be connected again); `settings.item_outcomes` (a list
 * of those, for tests) gives each content item its own, the items past its end taking `outcome`.
 * The items of a version are a thread: each one after the first is a reply to the one before,
 * which its address says (`?in_reply_to=<id>`). It answers the same id for the same idempotency key,
 * as a platform that honours such keys would. It reads the bytes of every media file, one at a
 * time, as the platforms' adapters do when they upload them.
 */
export class SandboxProvider implements PublishProvider {
  readonly name = 'sandbox';
  readonly crashRecovery = 'idempotency_key';
  readonly urlField = null;

  validate(settings: Record<string, unknown>): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    const known = (outcome: unknown) => (OUTCOMES as readonly unknown[]).includes(outcome);
    if (settings.outcome !== undefined && !known(settings.outcome)) errors['settings.outcome'] = [FieldMessages.selectedInvalidAmong('settings.outcome', OUTCOMES)];
    const perItem = settings.item_outcomes;
    if (perItem !== undefined && !(Array.isArray(perItem) && perItem.length <= PostBodyLimits.contentItems && perItem.every(known))) {
      errors['settings.item_outcomes'] = [`The settings.item_outcomes field must be a list of at most ${PostBodyLimits.contentItems} of: ${OUTCOMES.join(', ')}.`];
    }
    return errors;
  }

  async verify(settings: Record<string, unknown>): Promise<Verification> {
    return { kind: 'verified', account: { username: null, name: 'Sandbox', settings } };
  }

  async publish({ idempotencyKey, account, connection, followUp, media }: PublishRequest): Promise<PublishOutcome> {
    const index = followUp?.index ?? 0;
    const outcome = outcomeOf(connection.settings, index);
    if (outcome === 'unauthorized') return { kind: 'reauthorize', message: `The sandbox account ${account.name} is set to refuse its authorization.` };
    if (outcome === 'failure') {
      const what = Array.isArray(connection.settings.item_outcomes) ? `content item ${index + 1}` : 'every publish';
      return { kind: 'rejected', message: `The sandbox account ${account.name} is set to fail ${what}.` };
    }
    // Each file is read from the media store, as a platform's upload would, then dropped.
    for (const file of media) await file.read();
    const externalId = `sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`;
    const inReplyTo = followUp ? `?in_reply_to=${followUp.parent.externalId}` : '';
    return { kind: 'published', externalId, externalUrl: `https://sandbox.invalid/posts/${externalId}${inReplyTo}` };
  }

  async delete(): Promise<DeleteOutcome> {
    return { kind: 'deleted' };
  }

  /** Fixed figures: one like, every other figure 0. */
  async readMetrics(): Promise<MetricsOutcome> {
    return { kind: 'read', metrics: { impressions: 0, likes: 1, replies: 0, reposts: 0, quotes: 0, saves: 0, clicks: 0, views: 0 } };
  }
}
