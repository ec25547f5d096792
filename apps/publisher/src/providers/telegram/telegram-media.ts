import { TELEGRAM_CAPTION_MAX_CHARACTERS } from '@app/platforms';
import { mediaBlob, mediaFileName } from '../media-file-name';
import { ProviderFailure, PublishMedia } from '../publish-provider';

/** The Bot API's album (media group): 2 to 10 photos and videos. */
export const TELEGRAM_ALBUM_LIMIT = 10;

/** A Bot API call that sends media: its method and multipart form. */
export interface MediaCall {
  method: 'sendPhoto' | 'sendVideo' | 'sendAnimation' | 'sendMediaGroup';
  form: FormData;
}

const kindOf = (file: PublishMedia): 'photo' | 'video' => (file.mimeType.startsWith('video/') ? 'video' : 'photo');

/**
 * The call that sends these media with the text as their caption: one photo with `sendPhoto` (a
 * video with `sendVideo`, a GIF with `sendAnimation`), several as an album with `sendMediaGroup` (a
 * GIF among them as a photo: albums take no animations), each file a part of the form
 * named by `attach://<name>` in the `media` field; `reply` makes it a reply (`reply_parameters`).
 */
export async function mediaCall(chatId: unknown, text: string, media: readonly PublishMedia[], reply: { message_id: number } | null = null): Promise<MediaCall | ProviderFailure> {
  if ([...text].length > TELEGRAM_CAPTION_MAX_CHARACTERS) {
    return { kind: 'rejected', message: `A Telegram caption takes at most ${TELEGRAM_CAPTION_MAX_CHARACTERS} characters; shorten the text of a post with media.` };
  }
  if (media.length > TELEGRAM_ALBUM_LIMIT) return { kind: 'rejected', message: `A Telegram album takes at most ${TELEGRAM_ALBUM_LIMIT} photos and videos.` };
  const form = new FormData();
  form.append('chat_id', String(chatId));
  if (reply) form.append('reply_parameters', JSON.stringify(reply));
  if (media.length === 1) {
    const [file] = media;
    // A GIF sent as a photo loses its animation: alone, it goes as an animation.
    const [field, method] = file.mimeType === 'image/gif' ? (['animation', 'sendAnimation'] as const) : kindOf(file) === 'photo' ? (['photo', 'sendPhoto'] as const) : (['video', 'sendVideo'] as const);
    form.append(field, await mediaBlob(file), mediaFileName(file));
    if (text) form.append('caption', text);
    return { method, form };
  }
  const items = media.map((file, index) => ({ type: kindOf(file), media: `attach://file${index}`, ...(index === 0 && text ? { caption: text } : {}) }));
  form.append('media', JSON.stringify(items));
  for (const [index, file] of media.entries()) form.append(`file${index}`, await mediaBlob(file), mediaFileName(file));
  return { method: 'sendMediaGroup', form };
}
