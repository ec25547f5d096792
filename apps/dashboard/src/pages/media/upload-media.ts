import { answer, api, inWorkspace, type Media } from '../../api';

/** `PNG 96×64 (12 KB)`: the type, the dimensions where known, the size. */
export const describeMedia = (media: Media): string =>
  `${media.mime_type.replace(/^(image|video)\//, '').toUpperCase()}${media.width && media.height ? ` ${media.width}×${media.height}` : ''} (${Math.ceil(media.size / 1024)} KB)`;

/** `POST /api/{ws}/media`: a multipart body with the file in `file` (fetch sets its Content-Type, with the boundary). */
export function uploadMedia(workspaceUuid: string, file: File): Promise<Media> {
  const multipart = ({ file }: { file: Blob }) => {
    const form = new FormData();
    form.append('file', file, (file as File).name);
    return form;
  };
  return answer(api.POST('/api/{workspaceUuid}/media', { ...inWorkspace(workspaceUuid), body: { file }, bodySerializer: multipart }));
}
