import { useEffect } from 'preact/hooks';
import { answer, api, inWorkspace, type Media } from '../../api';
import { FieldMessages, Loading, Notice, useAction, useLoad } from '../../components/ui';
import { useWorkspaceUuid } from '../../session';
import { describeMedia } from '../media/upload-media';

/**
 * The workspace's media to attach to the post, newest first, and an upload that attaches the new
 * file; `onLoaded` hears of the library each time it is loaded (the previews show its thumbnails).
 */
export function MediaPicker({ selected, onChange, onLoaded }: { selected: string[]; onChange(ids: string[]): void; onLoaded?(media: Media[]): void }) {
  const workspaceUuid = useWorkspaceUuid();
  const library = useLoad(() => answer(api.GET('/api/{workspaceUuid}/media', inWorkspace(workspaceUuid))), [workspaceUuid]);
  useEffect(() => {
    if (library.data) onLoaded?.(library.data.data);
  }, [library.data]);
  const action = useAction();
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  const uploadFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    // A multipart body (field `file`): fetch sets its Content-Type, with the boundary.
    const multipart = ({ file }: { file: Blob }) => {
      const form = new FormData();
      form.append('file', file, (file as File).name);
      return form;
    };
    const uploaded = await action.run(
      () => answer(api.POST('/api/{workspaceUuid}/media', { ...inWorkspace(workspaceUuid), body: { file }, bodySerializer: multipart })),
      `${file.name} uploaded and attached.`,
    );
    input.value = '';
    if (uploaded) {
      onChange([...selected, uploaded.id]);
      library.reload();
    }
  };
  const media = library.data?.data ?? [];
  return (
    <fieldset class="media-picker">
      <legend>Media</legend>
      {library.error && <Notice kind="error">{library.error}</Notice>}
      {library.loading && !library.data && <Loading what="media" />}
      {library.data && media.length === 0 && <p class="muted">No media yet: upload an image or a video.</p>}
      <div class="media-grid">
        {media.map((item) => (
          <label key={item.id} class="media-choice">
            <input type="checkbox" checked={selected.includes(item.id)} onChange={(event) => toggle(item.id, event.currentTarget.checked)} />
            {item.mime_type.startsWith('image/') ? <img src={item.url} alt="" width={72} height={72} loading="lazy" /> : <span class="media-video">video</span>}
            <span>{describeMedia(item)}</span>
          </label>
        ))}
      </div>
      <label for="media-upload">Upload media</label>
      <input id="media-upload" type="file" accept="image/png,image/jpeg,image/gif,image/webp,video/mp4" disabled={action.busy} onChange={(event) => void uploadFile(event.currentTarget)} />
      <FieldMessages id="media-upload-errors" errors={action.errors} keys={['file']} />
      {action.outcome}
    </fieldset>
  );
}
