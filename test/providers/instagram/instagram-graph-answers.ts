import { randomBytes } from 'node:crypto';

/** An answer of the local Instagram: a status, a JSON body, and headers beyond the ones every answer carries. */
export interface GraphAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** A redirect (the authorization page's answer). */
  location?: string;
}

/** The fields of a Graph API error object, as Instagram documents them (`fbtrace_id` is added). */
interface GraphErrorFields {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

export const ok = (body: unknown): GraphAnswer => ({ status: 200, body });

/** `{error: {message, type, code, error_subcode?, ..., fbtrace_id}}`, with HTTP 400 unless told. */
export const graphError = (fields: GraphErrorFields, status = 400): GraphAnswer => ({ status, body: { error: { ...fields, fbtrace_id: randomBytes(9).toString('base64url') } } });

/** The errors the local Instagram answers, in Instagram's own words where its references give them. */
export const GraphErrors = {
  invalidToken: () => graphError({ message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 }),
  expiredToken: (expiredAt: number) =>
    graphError({ message: `Error validating access token: Session has expired on ${new Date(expiredAt).toUTCString()}.`, type: 'OAuthException', code: 190, error_subcode: 463 }),
  /** An object that does not exist, is not the token's user's, or does not take this method. */
  unsupported: (method: string, id: string) =>
    graphError({
      message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    }),
  missingParameter: (name: string) => graphError({ message: `(#100) The parameter ${name} is required`, type: 'OAuthException', code: 100 }),
  unknownMediaType: () =>
    graphError({ message: 'Invalid parameter', type: 'OAuthException', code: 100, error_subcode: 2207023, error_user_title: 'Unknown media type', error_user_msg: 'The media type is unknown.' }),
  captionTooLong: () =>
    graphError({
      message: 'Invalid parameter',
      type: 'OAuthException',
      code: 36004,
      error_subcode: 2207010,
      error_user_title: 'Caption too long',
      error_user_msg: 'The submitted caption was too long. It can have at most 2,200 characters, 30 hashtags and 20 @ tags.',
    }),
  mediaDownloadFailed: (url: string) =>
    graphError({
      message: 'Only photo or video can be accepted as media type.',
      type: 'OAuthException',
      code: 9004,
      error_subcode: 2207052,
      error_user_title: 'Media download has failed.',
      error_user_msg: `The media could not be fetched from this URI: ${url}. Please check the URI and try again.`,
    }),
  unsupportedImage: () =>
    graphError({ message: 'Invalid parameter', type: 'OAuthException', code: 36001, error_subcode: 2207005, error_user_title: 'Unsupported image format', error_user_msg: 'The image format is not supported.' }),
  carouselSize: () =>
    graphError({ message: 'Invalid parameter', type: 'OAuthException', code: 100, error_subcode: 2207028, error_user_title: 'Carousel size', error_user_msg: 'Carousels need between 2 and 10 photos or videos.' }),
  notReady: () =>
    graphError({
      message: 'Media ID is not available',
      type: 'OAuthException',
      code: 9007,
      error_subcode: 2207027,
      error_user_title: 'Media not ready',
      error_user_msg: 'The media is not ready for publishing, please wait for a moment.',
    }),
  builderGone: (id: string) =>
    graphError({ message: `The media builder with creation id = ${id} does not exist or has been expired.`, type: 'OAuthException', code: 24, error_subcode: 2207008 }),
  expired: () =>
    graphError({ message: 'The media you are trying to access has expired. Please try to upload again.', type: 'OAuthException', code: -2, error_subcode: 2207020 }),
  publishLimit: () =>
    graphError({
      message: 'Application request limit reached',
      type: 'OAuthException',
      code: 9,
      error_subcode: 2207042,
      error_user_title: 'Max posts reached',
      error_user_msg: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
    }),
} as const;

/** The token endpoint (`api.instagram.com/oauth/access_token`) answers errors as `{error_type, code, error_message}`. */
export const oauthError = (message: string): GraphAnswer => ({ status: 400, body: { error_type: 'OAuthException', code: 400, error_message: message } });

/** A timestamp as the Graph API writes one: `2017-05-19T23:27:28+0000`. */
export const graphTimestamp = (at: number): string => new Date(at).toISOString().replace(/\.\d{3}Z$/, '+0000');
