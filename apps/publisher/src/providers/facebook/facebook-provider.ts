import type { OAuthAppSettings } from '@app/config';
import { FacebookOptions, platformOf } from '@app/platforms';
import { requireString } from '../account-fields';
import { ProviderHttp } from '../http/provider-http';
import { validateOAuthCredentials } from '../oauth/oauth-credentials';
import { ProcessingSettings } from '../processing/await-processing';
import { DeleteOutcome, DeleteRequest, MetricsOutcome, MetricsRequest, ProviderConnection, ProviderFailure, PublishMedia, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';
import { FacebookCommentMessages, publishComment } from './facebook-comment';
import { connectPage } from './facebook-connect';
import { isMissingObject } from '../graph-api/graph-error';
import { facebookFailure } from './facebook-errors';
import { publishFeedPost } from './facebook-feed';
import { readFacebookMetrics } from './facebook-metrics';
import { GraphClient, okBody } from './facebook-graph';
import { PageContext } from './facebook-steps';
import { publishStory } from './facebook-stories';
import { publishReel, publishVideoPost } from './facebook-video';

export const FacebookMessages = {
  imagesOrOneVideo: 'A Facebook post carries images or one video, not both and not several videos.',
  reelIsOneVideo: 'A Facebook reel is one video.',
  storyIsOneMedia: 'A Facebook story is one image or one video.',
  noPage: 'The account does not name its Facebook Page; connect it again.',
  noToken: 'The account holds no Page access token; connect it again.',
} as const;

const isVideo = (file: PublishMedia): boolean => file.mimeType.startsWith('video/');

/**
 * A Facebook Page (Graph API v21.0) with a Page access token: from Facebook Login (the user's
 * token made long-lived, then the Page's from `/me/accounts`: it does not expire, so nothing is
 * refreshed; a token Facebook refuses, code 190, asks for the account to be connected again), or
 * sent directly as `page_access_token` with `settings.page_id`.
 *
 * Each content item is published in the form the version's options (`type`) and its media call
 * for: a post (a text, a link, one photo, several photos, one video), a reel, or a story; the
 * second item is the Page's first comment on the post. Media are fetched by Facebook from their
 * signed addresses. Every step of an asynchronous publish (upload sessions, processing, publish
 * requests) is journaled and resumed (`resume`); a feed post or a video, which take no idempotency
 * key, is looked up among the Page's posts or videos before it is sent again. A comment has no
 * lookup: cut off by a crash, it is reported unknown. A post's figures are its summaries and
 * insights (readFacebookMetrics).
 */
export class FacebookProvider implements PublishProvider {
  readonly name = 'facebook';
  readonly crashRecovery = 'resume';
  readonly followUpCrashRecovery = 'report_unknown';
  readonly urlField = null;

  constructor(
    private readonly http: ProviderHttp,
    private readonly app: OAuthAppSettings,
    private readonly processing: ProcessingSettings,
  ) {}

  /** A Page token with its Page's id; or the code of Facebook Login (or a user token), with the Page's id optional (else the first Page). */
  validate(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    if (credentials.page_access_token !== undefined) {
      const errors: Record<string, string[]> = {};
      requireString(credentials, 'credentials', 'page_access_token', errors);
      requireString(settings, 'settings', 'page_id', errors);
      return errors;
    }
    const errors = validateOAuthCredentials(credentials);
    if (settings.page_id !== undefined) requireString(settings, 'settings', 'page_id', errors);
    return errors;
  }

  verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    return connectPage(this.http, this.app, settings, credentials);
  }

  async publish(request: PublishRequest): Promise<PublishOutcome> {
    const { connection, item, followUp, media } = request;
    const pageId = pageIdOf(connection);
    if (typeof pageId !== 'string') return pageId;
    const token = await pageTokenOf(connection);
    if (typeof token !== 'string') return token;
    const graph = new GraphClient(this.http, this.app.apiUrl, token);
    const { type } = platformOf(this.name)!.readOptions(request.options ?? {}) as FacebookOptions;
    if (followUp) {
      if (type === 'story') return { kind: 'rejected', message: FacebookCommentMessages.noStoryComment };
      return publishComment(graph, followUp, item.body, media);
    }
    const context: PageContext = { graph, pageId, progress: request.progress, firstAttemptAt: request.firstAttemptAt, processing: this.processing };
    const videos = media.filter(isVideo);
    switch (type) {
      case 'reel':
        return media.length === 1 && videos.length === 1 ? publishReel(context, item.body, videos[0]) : { kind: 'rejected', message: FacebookMessages.reelIsOneVideo };
      case 'story':
        return media.length === 1 ? publishStory(context, media[0]) : { kind: 'rejected', message: FacebookMessages.storyIsOneMedia };
      default:
        if (videos.length === 0) return publishFeedPost(context, item.body, media);
        return media.length === 1 ? publishVideoPost(context, item.body, videos[0]) : { kind: 'rejected', message: FacebookMessages.imagesOrOneVideo };
    }
  }

  /** Deletes a post, a video or reel, a story or a comment by its id; one already gone counts as deleted. */
  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const token = await pageTokenOf(connection);
    if (typeof token !== 'string') return token;
    const answer = await new GraphClient(this.http, this.app.apiUrl, token).delete(externalId);
    if (okBody<{ success?: unknown }>(answer)?.success === true || isMissingObject(answer)) return { kind: 'deleted' };
    return facebookFailure(answer);
  }

  async readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    const pageId = pageIdOf(connection);
    if (typeof pageId !== 'string') return pageId;
    const token = await pageTokenOf(connection);
    if (typeof token !== 'string') return token;
    return readFacebookMetrics(new GraphClient(this.http, this.app.apiUrl, token), pageId, published.externalId);
  }
}

function pageIdOf(connection: ProviderConnection): string | ProviderFailure {
  const pageId = connection.settings.page_id;
  return typeof pageId === 'string' && pageId ? pageId : { kind: 'reauthorize', message: FacebookMessages.noPage };
}

/** The Page token kept as the session at connect (or, failing that, the one sent as credentials). */
async function pageTokenOf(connection: ProviderConnection): Promise<string | ProviderFailure> {
  const session = await connection.session.load();
  if (typeof session?.access_token === 'string' && session.access_token) return session.access_token;
  const sent = connection.credentials.page_access_token;
  return typeof sent === 'string' && sent ? sent : { kind: 'reauthorize', message: FacebookMessages.noToken };
}
