import type { OAuthAppSettings } from '@app/config';
import { ProviderHttp } from '../http/provider-http';
import { tokenEndpointOf } from '../oauth/oauth-credentials';
import { OAuthTokenEndpoint } from '../oauth/oauth-tokens';
import { ProviderFailure, Verification } from '../publish-provider';
import { facebookFailure } from './facebook-errors';
import { GraphClient, okBody } from './facebook-graph';

/** A Page the user manages, as `GET /me/accounts` lists it. */
interface ManagedPage {
  id: string;
  name?: string;
  access_token?: string;
  tasks?: string[];
}

/** The task a person needs on a Page to publish to it. */
const CREATE_CONTENT = 'CREATE_CONTENT';

export const FacebookConnectMessages = {
  noPage: 'The Facebook user manages no Page this app may publish to.',
  notManaged: (pageId: string) => `The Facebook user does not manage the Page ${pageId} (or did not let this app use it).`,
  cannotPublish: (name: string) => `The Facebook user may not create content on the Page ${name}.`,
} as const;

/**
 * Connects a Facebook Page. With `page_access_token` (and `settings.page_id`) the Page is read
 * with it. Otherwise from a user's token: the code of Facebook Login exchanged
 * (`GET /oauth/access_token` with the app's id, secret and the redirect URI), or a user
 * `access_token` sent directly; then made long-lived (`grant_type=fb_exchange_token`), so that
 * the Page tokens it gives never expire; then the Page token from `GET /me/accounts`:
 * `settings.page_id`'s when given, else the user's first Page. The account is that Page
 * (`GET /{page}?fields=id,name,username,link,picture`); its token is the session.
 */
export async function connectPage(http: ProviderHttp, app: OAuthAppSettings, settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
  const wanted = typeof settings.page_id === 'string' && settings.page_id ? settings.page_id : null;
  let page: { id: string; token: string };
  if (typeof credentials.page_access_token === 'string') {
    page = { id: String(wanted), token: credentials.page_access_token };
  } else {
    const endpoint = tokenEndpointOf('facebook', app, app.tokenUrl ?? `${app.apiUrl}/oauth/access_token`, 'body');
    const userToken = await longLivedUserToken(http, endpoint, credentials);
    if (typeof userToken !== 'string') return userToken;
    const chosen = await managedPage(new GraphClient(http, app.apiUrl, userToken), wanted);
    if ('kind' in chosen) return chosen;
    page = chosen;
  }
  const answer = await new GraphClient(http, app.apiUrl, page.token).get(page.id, { fields: 'id,name,username,link,picture' });
  const read = okBody<{ id?: unknown; name?: unknown; username?: unknown; picture?: { data?: { url?: unknown; is_silhouette?: unknown } } }>(answer);
  if (!read || typeof read.id !== 'string') return facebookFailure(answer);
  const name = typeof read.name === 'string' && read.name.trim() ? read.name : read.id;
  return {
    kind: 'verified',
    account: {
      username: typeof read.username === 'string' && read.username ? read.username : null,
      name,
      // The Page's profile picture; Facebook's grey silhouette stands for none.
      avatarUrl: typeof read.picture?.data?.url === 'string' && read.picture.data.is_silhouette !== true ? read.picture.data.url : null,
      settings: { ...settings, page_id: read.id },
      // A Page token obtained from a long-lived user token does not expire: nothing to refresh.
      session: { access_token: page.token, refresh_token: null, expires_at: null },
    },
  };
}

/** The user's token made long-lived: from the code of the login, or the token sent. */
async function longLivedUserToken(http: ProviderHttp, endpoint: OAuthTokenEndpoint | ProviderFailure, credentials: Record<string, unknown>): Promise<string | ProviderFailure> {
  if ('kind' in endpoint) return endpoint;
  let token: string;
  if (typeof credentials.access_token === 'string') {
    token = credentials.access_token;
  } else {
    const exchanged = await tokenRequest(http, endpoint, { redirect_uri: String(credentials.redirect_uri), code: String(credentials.code) });
    if (typeof exchanged !== 'string') return exchanged;
    token = exchanged;
  }
  return tokenRequest(http, endpoint, { grant_type: 'fb_exchange_token', fb_exchange_token: token });
}

/** `GET <token endpoint>` with the app's id and secret: the `access_token` Facebook answers; a refusal is the platform's message. */
async function tokenRequest(http: ProviderHttp, endpoint: OAuthTokenEndpoint, fields: Record<string, string>): Promise<string | ProviderFailure> {
  const url = new URL(endpoint.tokenUrl);
  for (const [name, value] of Object.entries({ client_id: endpoint.clientId, client_secret: endpoint.clientSecret, ...fields })) url.searchParams.set(name, value);
  const answer = await http.send({ method: 'GET', url: url.toString() });
  const token = okBody<{ access_token?: unknown }>(answer)?.access_token;
  if (typeof token === 'string' && token) return token;
  const failure = facebookFailure(answer);
  // A refused code or token is a refusal of what was sent, not of an account's stored credentials.
  return failure.kind === 'reauthorize' ? { kind: 'rejected', message: failure.message } : failure;
}

/** The Page to connect among those the user manages, with its token. */
async function managedPage(graph: GraphClient, wanted: string | null): Promise<{ id: string; token: string } | ProviderFailure> {
  const answer = await graph.get('me/accounts', { fields: 'id,name,access_token,tasks', limit: 100 });
  const pages = okBody<{ data?: ManagedPage[] }>(answer)?.data;
  if (!Array.isArray(pages)) return facebookFailure(answer);
  const page = wanted ? pages.find((candidate) => candidate.id === wanted) : pages[0];
  if (!page) return { kind: 'rejected', message: wanted ? FacebookConnectMessages.notManaged(wanted) : FacebookConnectMessages.noPage };
  if (!page.access_token || (Array.isArray(page.tasks) && !page.tasks.includes(CREATE_CONTENT))) {
    return { kind: 'rejected', message: FacebookConnectMessages.cannotPublish(page.name ?? page.id) };
  }
  return { id: page.id, token: page.access_token };
}
