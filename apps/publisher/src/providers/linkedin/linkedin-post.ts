/** The API version every call to LinkedIn's versioned (`/rest`) API names (YYYYMM). LinkedIn keeps a version for about a year: move it forward at least yearly. */
export const LINKEDIN_VERSION = '202610';

/** LinkedIn's own limit of a post's commentary, in characters. */
export const LINKEDIN_MAX_CHARACTERS = 3000;

/** The headers of a call to the versioned API: the member's token, the API version and Rest.li 2.0. */
export const restHeaders = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'linkedin-version': LINKEDIN_VERSION,
  'x-restli-protocol-version': '2.0.0',
});

/** The body of `POST /rest/posts`: a public member post on the main feed, with one image (`media`) or several (`multiImage`). */
export function postBody(author: string, text: string, images: readonly string[]): Record<string, unknown> {
  const content = images.length === 1 ? { media: { id: images[0] } } : images.length > 1 ? { multiImage: { images: images.map((id) => ({ id })) } } : null;
  return {
    author,
    commentary: littleText(text),
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    ...(content ? { content } : {}),
  };
}

/** The characters LinkedIn's "little text" format reserves; unescaped, they can cut a post short. */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;
const HASHTAG = /#([\p{L}\p{N}_]+)/gu;

/**
 * A post's text in LinkedIn's little text format: reserved characters escaped with a backslash,
 * and each `#word` written as the format's hashtag so it stays a hashtag.
 */
export function littleText(text: string): string {
  const escape = (part: string) => part.replace(RESERVED, (character) => `\\${character}`);
  let written = '';
  let from = 0;
  for (const match of text.matchAll(HASHTAG)) {
    written += `${escape(text.slice(from, match.index))}{hashtag|\\#|${escape(match[1])}}`;
    from = match.index + match[0].length;
  }
  return written + escape(text.slice(from));
}
