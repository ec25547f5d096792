import { ProviderHttp } from '../http/provider-http';
import { DeleteOutcome, DeleteRequest, MetricsOutcome, MetricsRequest, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';
import { readBlueskyMetrics } from './bluesky-metrics';
import { postRecord, postUrl, recordKeyFor, recordKeyOf, replyRefs } from './bluesky-post-record';
import { refusedMedia, uploadImages } from './bluesky-images';
import { BlueskySession, BlueskySessions, failureOf, serviceOf } from './bluesky-session';
import { checkBlueskyAccount } from './bluesky-settings';

const POST = 'app.bsky.feed.post';

/**
 * Bluesky over the AT Protocol's XRPC API, with an app password. Connecting opens a session that
 * is kept and refreshed; images are uploaded as blobs and embedded (`app.bsky.embed.images`, with
 * their aspect ratios); publishing creates a post record under a record key fixed per post and
 * account, so a create that is repeated after a timeout or a crash finds the record the first one
 * made (a lookup) instead of posting twice. The content items after the first are a thread: each
 * record replies to the one before (`reply: {root, parent}`, strong references: the URI and CID of
 * the first record and of the one before), under a record key of its own. A post's figures are
 * read through the account's PDS as a client reads them (see readBlueskyMetrics).
 */
export class BlueskyProvider implements PublishProvider {
  readonly name = 'bluesky';
  readonly crashRecovery = 'lookup';
  readonly urlField = 'settings.service';
  private readonly sessions: BlueskySessions;

  constructor(private readonly http: ProviderHttp) {
    this.sessions = new BlueskySessions(http);
  }

  validate(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    return checkBlueskyAccount(settings, credentials);
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const session = await this.sessions.login(settings, credentials);
    if ('kind' in session) return session;
    const profile = await this.profile(settings, session);
    return {
      kind: 'verified',
      account: {
        username: session.handle,
        name: profile.displayName ?? session.handle,
        avatarUrl: profile.avatarUrl,
        settings: { ...settings, service: serviceOf(settings) },
        session: { ...session },
      },
    };
  }

  async publish({ idempotencyKey, firstAttemptAt, connection, item, followUp, media }: PublishRequest): Promise<PublishOutcome> {
    const refused = refusedMedia(media);
    if (refused) return refused;
    const service = serviceOf(connection.settings);
    const rkey = recordKeyFor(idempotencyKey, firstAttemptAt);
    const embed = media.length > 0 ? await uploadImages(this.http, this.sessions, connection, media) : undefined;
    if (embed && 'kind' in embed) return embed;
    const record = { ...postRecord(item.body, firstAttemptAt, embed ? { ...embed } : undefined), ...(followUp ? { reply: replyRefs(followUp) } : {}) };
    const ran = await this.sessions.run(connection, (session) =>
      this.http.send({
        method: 'POST',
        url: `${service}/xrpc/com.atproto.repo.createRecord`,
        headers: { authorization: `Bearer ${session.accessJwt}` },
        json: { repo: session.did, collection: POST, rkey, record },
      }),
    );
    if ('kind' in ran) return ran;
    const { answer, session } = ran;
    if (answer.kind === 'answer' && answer.status === 200) return published(answer.body as StrongRef, postUrl(session.handle, rkey));
    // The PDS may hold the record already (an earlier try got no answer; a repeated create is a 500).
    if (answer.kind === 'no_answer' || (answer.kind === 'answer' && answer.status >= 500)) {
      const found = await this.findPost(service, session, rkey);
      if (found) return published(found, postUrl(session.handle, rkey));
    }
    return failureOf(answer, true);
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const service = serviceOf(connection.settings);
    const ran = await this.sessions.run(connection, (session) =>
      this.http.send({
        method: 'POST',
        url: `${service}/xrpc/com.atproto.repo.deleteRecord`,
        headers: { authorization: `Bearer ${session.accessJwt}` },
        json: { repo: session.did, collection: POST, rkey: recordKeyOf(externalId) },
      }),
    );
    if ('kind' in ran) return ran;
    return ran.answer.kind === 'answer' && ran.answer.status === 200 ? { kind: 'deleted' } : failureOf(ran.answer, true);
  }

  readMetrics(request: MetricsRequest): Promise<MetricsOutcome> {
    return readBlueskyMetrics(this.http, this.sessions, request);
  }

  /** The `at://` URI and CID of the post at `rkey`, if the PDS has it. */
  private async findPost(service: string, session: BlueskySession, rkey: string): Promise<StrongRef | null> {
    const query = new URLSearchParams({ repo: session.did, collection: POST, rkey });
    const answer = await this.http.send({ method: 'GET', url: `${service}/xrpc/com.atproto.repo.getRecord?${query}` });
    if (answer.kind !== 'answer' || answer.status !== 200) return null;
    return answer.body as StrongRef;
  }

  /**
   * The display name and picture of the account's profile record (`app.bsky.actor.profile/self`):
   * the picture is a blob of the account's repository, served by its PDS (`com.atproto.sync.getBlob`),
   * where getProfile's `avatar` is the AppView's copy of the same blob.
   */
  private async profile(settings: Record<string, unknown>, session: BlueskySession): Promise<{ displayName: string | null; avatarUrl: string | null }> {
    const service = serviceOf(settings);
    const query = new URLSearchParams({ repo: session.did, collection: 'app.bsky.actor.profile', rkey: 'self' });
    const answer = await this.http.send({ method: 'GET', url: `${service}/xrpc/com.atproto.repo.getRecord?${query}` });
    if (answer.kind !== 'answer' || answer.status !== 200) return { displayName: null, avatarUrl: null };
    const value = (answer.body as { value?: { displayName?: unknown; avatar?: { ref?: { $link?: unknown } } } }).value;
    const name = value?.displayName;
    const blob = value?.avatar?.ref?.$link;
    return {
      displayName: typeof name === 'string' && name.trim() ? name : null,
      avatarUrl: typeof blob === 'string' ? `${service}/xrpc/com.atproto.sync.getBlob?${new URLSearchParams({ did: session.did, cid: blob })}` : null,
    };
  }
}

/** What the PDS answers for a record (createRecord, getRecord): its `at://` URI and CID. */
type StrongRef = { uri?: unknown; cid?: unknown };

/** A record on the PDS: its URI is the id, its CID what a reply needs beside it. */
const published = (record: StrongRef, externalUrl: string): PublishOutcome => ({
  kind: 'published',
  externalId: String(record.uri),
  externalUrl,
  reference: typeof record.cid === 'string' ? record.cid : null,
});
