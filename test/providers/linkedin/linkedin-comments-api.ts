/** A comment as LinkedIn keeps it. */
export interface Comment {
  urn: string;
  id: string;
  /** The post it is on (the URN it was posted under). */
  object: string;
  actor: string;
  text: string;
  /** The bytes of its image, when it has one. */
  image: Buffer | null;
  createdAt: number;
}

type Answer = { status: number; body?: unknown };

/** What the comments API needs of the rest of the server: the posts, the uploaded images and new ids. */
export interface CommentsContext {
  postExists(urn: string): boolean;
  imageOf(urn: string, owner: string): Buffer | null;
  nextId(): string;
}

/** LinkedIn's limit of a comment's text, in characters. */
export const COMMENT_MAX_CHARACTERS = 1250;

const error = (status: number, message: string, code?: string): Answer => ({ status, body: { status, ...(code ? { code } : {}), message } });

/**
 * LinkedIn's Comments API (`/rest/socialActions/{post}/comments`, versioned) as its reference
 * documents it, for what the provider uses: `POST` creates a comment by `actor` on `object` (the
 * post of the path), `message.text` at most 1250 characters, an uploaded image as
 * `content: [{entity: {image}}]`; the answer is 201 with the comment (`id`, `commentUrn`
 * `urn:li:comment:(<object>,<id>)`, `actor`, `object`, `message`, `created`). `DELETE
 * .../comments/{id}?actor=` removes one (204). Errors are `{status, code?, message}`.
 */
export class LinkedInCommentsApi {
  readonly comments: Comment[] = [];

  constructor(private readonly context: CommentsContext) {}

  /** The answer for a path under `/rest/socialActions/`, or null when the path is another. */
  answer(method: string, url: URL, body: Buffer, member: string): Answer | null {
    const path = /^\/rest\/socialActions\/([^/]+)\/comments(?:\/(\d+))?$/.exec(url.pathname);
    if (!path) return null;
    const object = decodeURIComponent(path[1]);
    if (!this.context.postExists(object)) return error(404, `Entity ${object} not found`, 'NOT_FOUND');
    if (method === 'POST' && !path[2]) return this.create(object, body, member);
    if (method === 'DELETE' && path[2]) return this.remove(object, path[2], url.searchParams.get('actor'), member);
    return error(405, 'Method not allowed', 'METHOD_NOT_ALLOWED');
  }

  private create(object: string, body: Buffer, member: string): Answer {
    const sent = JSON.parse(body.toString() || '{}') as { actor?: string; object?: string; message?: { text?: string }; content?: { entity?: { image?: string } }[] };
    if (sent.actor !== member) return error(403, 'Not enough permissions to access: partnerApiSocialActions.CREATE.20240501', 'ACCESS_DENIED');
    if (sent.object !== object) return error(400, `ERROR :: /object :: the object must be ${object}`, 'ILLEGAL_ARGUMENT');
    const text = sent.message?.text ?? '';
    if (text.trim() === '') return error(422, 'ERROR :: /message/text :: field is required');
    if ([...text].length > COMMENT_MAX_CHARACTERS) return error(422, `ERROR :: /message/text :: length of ${[...text].length} exceeds the maximum allowed length of ${COMMENT_MAX_CHARACTERS}`);
    const images = (sent.content ?? []).map((entry) => entry.entity?.image ?? '');
    if (images.length > 1) return error(422, 'ERROR :: /content :: a comment takes at most 1 image');
    const image = images.length === 1 ? this.context.imageOf(images[0], member) : null;
    if (images.length === 1 && !image) return error(422, 'ERROR :: /content :: the image has not been uploaded');
    const id = this.context.nextId();
    const comment: Comment = { urn: `urn:li:comment:(${object},${id})`, id, object, actor: member, text, image, createdAt: Date.now() };
    this.comments.push(comment);
    const created = { actor: member, time: comment.createdAt };
    return {
      status: 201,
      body: { id, commentUrn: comment.urn, actor: member, agent: member, object, message: { text, attributes: [] }, created, lastModified: created, ...(sent.content ? { content: sent.content } : {}) },
    };
  }

  private remove(object: string, id: string, actor: string | null, member: string): Answer {
    const comment = this.comments.find((candidate) => candidate.object === object && candidate.id === id);
    if (!comment) return error(404, `Comment ${id} not found`, 'NOT_FOUND');
    if (actor !== member || comment.actor !== member) return error(403, 'Not enough permissions to access: partnerApiSocialActions.DELETE.20240501', 'ACCESS_DENIED');
    this.comments.splice(this.comments.indexOf(comment), 1);
    return { status: 204 };
  }
}
