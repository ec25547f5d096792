import { CrashRecovery, DeleteOutcome, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';

/**
 * A provider for the publisher's own tests (never a test of an adapter): publishes what each
 * account's script says and counts its calls; `verify` refuses with `settings.refuse` and cannot
 * answer with `settings.down`.
 */
export class ScriptedProvider implements PublishProvider {
  readonly calls: PublishRequest[] = [];
  readonly scripts = new Map<number, PublishOutcome[]>();

  constructor(
    readonly name = 'scripted',
    readonly crashRecovery: CrashRecovery = 'report_unknown',
  ) {}
  readonly urlField = null;

  validate(): Record<string, string[]> {
    return {};
  }
  async verify(settings: Record<string, unknown>): Promise<Verification> {
    if (settings.down) return { kind: 'retry_later', message: 'Service Unavailable (HTTP 503)', retryAfterMs: 1_000 };
    return settings.refuse ? { kind: 'reauthorize', message: 'Bad token.' } : { kind: 'verified', account: { username: 'scripted_user', name: 'Scripted', settings } };
  }
  async delete(): Promise<DeleteOutcome> {
    return { kind: 'deleted' };
  }
  async publish(request: PublishRequest): Promise<PublishOutcome> {
    this.calls.push(request);
    const script = this.scripts.get(request.account.id) ?? [];
    return script.length > 1 ? script.shift()! : (script[0] ?? { kind: 'published', externalId: `s-${request.account.id}`, externalUrl: null });
  }
  callsFor(accountId: number): number {
    return this.calls.filter((call) => call.account.id === accountId).length;
  }
}
