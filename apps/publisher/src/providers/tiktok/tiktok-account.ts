import { HttpAnswer } from '../http/provider-http';
import { OAuthTokens } from '../oauth/oauth-tokens';
import { ProviderFailure, Verification } from '../publish-provider';
import { tiktokData, tiktokErrorCode, tiktokFailure } from './tiktok-errors';
import { bearer, queryCreator, TikTokCall } from './tiktok-post';

/** The user as `GET /v2/user/info/` tells them. */
interface TikTokUser {
  open_id?: string;
  display_name?: string;
  username?: string;
  avatar_url?: unknown;
}

/** The fields read of the user; `username` needs the `user.info.profile` scope. */
const PROFILE_FIELDS = 'open_id,union_id,avatar_url,display_name,username';
/** The fields of `user.info.basic`, the scope every app has. */
const BASIC_FIELDS = 'open_id,union_id,avatar_url,display_name';

/**
 * The user behind a token. TikTok refuses the whole request (401 `scope_not_authorized`) when a
 * field needs a scope the user did not grant: without `user.info.profile` the basic fields are
 * read, and the handle is the creator info's.
 */
async function readUser(call: TikTokCall): Promise<TikTokUser | ProviderFailure> {
  const ask = (fields: string): Promise<HttpAnswer> => call.http.send({ method: 'GET', url: `${call.apiUrl}/v2/user/info/?fields=${fields}`, headers: bearer(call) });
  let answer = await ask(PROFILE_FIELDS);
  if (tiktokErrorCode(answer) === 'scope_not_authorized') answer = await ask(BASIC_FIELDS);
  const data = tiktokData(answer);
  return data ? ((data.user ?? {}) as TikTokUser) : tiktokFailure(answer);
}

/**
 * The account behind the tokens: the creator's handle and name, and as settings their `open_id`
 * and what the creator info tells (the privacy levels the account offers, which the platform's
 * options are checked against when a post is scheduled, and the longest video it may post). A
 * creator who cannot post at the moment (the daily cap reached) is connected all the same, with
 * those settings left out.
 */
export async function readAccount(call: TikTokCall, settings: Record<string, unknown>, tokens: OAuthTokens): Promise<Verification> {
  const user = await readUser(call);
  if ('kind' in user) return user;
  const creator = await queryCreator(call);
  if ('kind' in creator && creator.kind !== 'rejected') return creator;
  const known = 'kind' in creator ? null : creator;
  const username = user.username || known?.creator_username || null;
  const creatorSettings = known ? { privacy_level_options: known.privacy_level_options, max_video_post_duration_sec: known.max_video_post_duration_sec } : {};
  return {
    kind: 'verified',
    account: {
      username,
      name: user.display_name?.trim() || known?.creator_nickname || username || 'TikTok creator',
      avatarUrl: typeof user.avatar_url === 'string' ? user.avatar_url : null,
      settings: { ...settings, open_id: user.open_id ?? null, ...creatorSettings },
      session: { ...tokens },
    },
  };
}
