import { answer, api, inWorkspace, type Media, type Post } from '../../api';
import { FieldMessages, Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { linkTo } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';
import { allPosts, postName } from '../posts/post-list-query';
import { describeMedia, uploadMedia } from './upload-media';

/**
 * The workspace's media library (`GET /api/{ws}/media`): a preview of each file, its size and
 * dimensions, the posts that use it (`used_by`), an upload, and a delete that the API refuses
 * (409) while a scheduled post holds the file.
 */
export function MediaPage() {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const library = useLoad(() => answer(api.GET('/api/{workspaceUuid}/media', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const posts = useLoad(() => allPosts(workspaceUuid, null), [workspaceUuid]);
  const action = useAction();
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const uploaded = await action.run(() => uploadMedia(workspaceUuid, file), `${file.name} uploaded.`);
    input.value = '';
    if (uploaded) library.reload();
  };
  const remove = (media: Media) => {
    if (!window.confirm(`Delete this ${describeMedia(media)} file? Posts that name it lose it.`)) return;
    void action
      .run(() => answer(api.DELETE('/api/{workspaceUuid}/media/{id}', { params: { path: { workspaceUuid, id: media.id } } })), `The ${describeMedia(media)} file was deleted.`)
      .then(library.reload);
  };
  const byUuid = new Map((posts.data ?? []).map((post) => [post.uuid, post]));
  const media = library.data?.data ?? [];
  return (
    <>
      <h1 tabIndex={-1}>Media</h1>
      {action.outcome}
      <Section title="Upload">
        <label for="library-upload">Upload media</label>
        <input
          id="library-upload"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,video/mp4"
          disabled={action.busy}
          aria-describedby="library-upload-help library-upload-errors"
          onChange={(event) => void upload(event.currentTarget)}
        />
        <p id="library-upload-help" class="muted">
          PNG, JPEG, GIF, WebP or MP4. Posts attach files from this library in the composer.
        </p>
        <FieldMessages id="library-upload-errors" errors={action.errors} keys={['file']} />
      </Section>
      <Section title="Library">
        {library.error && <Notice kind="error">{library.error}</Notice>}
        {library.loading && !library.data && <Loading what="media" />}
        {library.data && media.length === 0 && <p class="muted">No media yet: upload an image or a video.</p>}
        <ul class="library">
          {media.map((item) => (
            <li key={item.id} class="library-item">
              <Preview media={item} />
              <p>
                <strong>{describeMedia(item)}</strong>
                <br />
                <span class="muted">Uploaded {formatInZone(item.created_at, timeZone)}</span>
              </p>
              <UsedBy uuids={item.used_by} posts={byUuid} />
              {!item.deletable && <p class="muted held">A scheduled post holds it: it can be deleted once that post is published, edited without it or deleted.</p>}
              <button type="button" class="danger" disabled={action.busy} aria-label={`Delete ${describeMedia(item)} uploaded ${formatInZone(item.created_at, timeZone)}`} onClick={() => remove(item)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

function Preview({ media }: { media: Media }) {
  if (media.mime_type.startsWith('video/')) {
    // The first frame stands for the poster: the metadata and a frame load, not the whole video.
    return <video class="library-preview" src={`${media.url}#t=0.1`} preload="metadata" controls muted aria-label="Video preview" />;
  }
  return <img class="library-preview" src={media.url} alt="" loading="lazy" />;
}

/** The posts that name the file, each a link to edit it, with its status and the start of its text. */
function UsedBy({ uuids, posts }: { uuids: string[]; posts: Map<string, Post> }) {
  if (uuids.length === 0) return <p class="muted">Not used by any post.</p>;
  return (
    <div>
      <span>Used by</span>
      <ul class="plain used-by">
        {uuids.map((uuid) => {
          const post = posts.get(uuid);
          return (
            <li key={uuid}>
              <a {...linkTo(`/posts/${uuid}`)}>{post ? postName(post, 40) : `post ${uuid.slice(0, 8)}`}</a>
              {post && <span class={`status status-${post.status}`}>{post.status.replace('_', ' ')}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
