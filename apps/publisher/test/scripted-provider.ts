import { CrashRecovery, DeleteOutcome, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../src/providers/publish-provider';

/**
 * A provider for the publisher's own tests (never a test of an adapter): publishes what each
 * account's script says, one outcome per call (per content item), and counts its calls; `verify`
 * refuses with `settings.refuse`, cannot answer with `settings.down`, and answers `credentials.session` as the session.
 */
export class ScriptedProvider implements PublishProvider {
  readonly calls: PublishRequest[] = [];
  readonly scripts = new Map<number, PublishOutcome[]>();
  /** The bytes of each call's media, read one file at a time as an adapter sends them. */
  readonly mediaBytes: Buffer[][] = [];
  /** Runs when a publish begins, before the media are read. */
  beforeReadingMedia: (request: PublishRequest) => Promise<void> = async () => undefined;

  constructor(
    readonly name = 'scripted',
    readonly crashRecovery: CrashRecovery = 'report_unknown',
  ) {}
  readonly urlField = null;

  validate(): Record<string, string[]> {
    return {};
  }
  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown> = {}): Promise<Verification> {
    if (settings.down) return { kind: 'retry_later', message: 'Service Unavailable (HTTP 503)', retryAfterMs: 1_000 };
    if (settings.refuse) return { kind: 'reauthorize', message: 'Bad token.' };
    // `credentials.session`: the session (tokens) the platform's answer gives, kept by the publisher.
    const session = typeof credentials.session === 'object' && credentials.session !== null ? (credentials.session as Record<string, unknown>) : undefined;
    // `settings.avatar`: the picture the platform's profile answer names.
    const picture = settings.avatar === undefined ? {} : { avatarUrl: settings.avatar as string };
    return { kind: 'verified', account: { username: 'scripted_user', name: 'Scripted', ...picture, settings, ...(session && { session }) } };
  }
  async delete(): Promise<DeleteOutcome> {
    return { kind: 'deleted' };
  }
  async publish(request: PublishRequest): Promise<PublishOutcome> {
    this.calls.push(request);
    await this.beforeReadingMedia(request);
    const bytes: Buffer[] = [];
    for (const file of request.media) bytes.push(await file.read());
    this.mediaBytes.push(bytes);
    const script = this.scripts.get(request.account.id) ?? [];
    const index = request.followUp?.index ?? 0;
    const externalId = index === 0 ? `s-${request.account.id}` : `s-${request.account.id}-${index}`;
    return script.length > 1 ? script.shift()! : (script[0] ?? { kind: 'published', externalId, externalUrl: null });
  }
  callsFor(accountId: number): number {
    return this.calls.filter((call) => call.account.id === accountId).length;
  }
}
