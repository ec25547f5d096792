import type { InstagramOptions } from '@app/platforms';
import { ProviderFailure, PublishMedia } from '../publish-provider';
import { GraphParams } from './instagram-graph';

/** Where Instagram shows a published media, and where the account's media are listed (stories apart). */
export type InstagramProduct = 'feed' | 'reel' | 'story';

/**
 * The containers one Instagram post is made of: the carousel items (none unless a carousel), and
 * the container that is published, made once the items are (it names them).
 */
export interface PostPlan {
  product: InstagramProduct;
  items: GraphParams[];
  container(itemIds: readonly string[]): GraphParams;
}

/** A carousel's limits (Instagram: 2 to 10 images or videos). */
export const CAROUSEL_MAX = 10;

export const InstagramMessages = {
  needsMedia: 'An Instagram post needs an image or a video.',
  carouselTooLarge: (count: number) => `An Instagram carousel takes at most ${CAROUSEL_MAX} images or videos; this post has ${count}.`,
  reelNeedsOneVideo: 'An Instagram reel takes exactly one video.',
  storyNeedsOneFile: 'An Instagram story takes exactly one image or video.',
  commentTakesNoMedia: 'An Instagram comment takes no images or videos: publish them with the post.',
  storyTakesNoComment: 'An Instagram story takes no comments: publish the story with one content item.',
  noDelete: "Instagram's API does not delete media of accounts connected with Instagram Login; delete the post in the Instagram app.",
} as const;

const isVideo = (file: PublishMedia): boolean => file.mimeType.startsWith('video/');

/** The container of one file: an image from `image_url`; a video as a reel (Instagram publishes every single feed video as a reel). */
function single(file: PublishMedia, caption: string): GraphParams {
  return isVideo(file) ? { media_type: 'REELS', video_url: file.url(), caption, share_to_feed: 'true' } : { image_url: file.url(), caption };
}

/** A carousel item: an image, or a video (`media_type=VIDEO`), marked as an item. */
function carouselItem(file: PublishMedia): GraphParams {
  return isVideo(file) ? { media_type: 'VIDEO', video_url: file.url(), is_carousel_item: 'true' } : { image_url: file.url(), is_carousel_item: 'true' };
}

/**
 * What a post of this type with these media is on Instagram: a `post` with one image (or one
 * video, a reel), a carousel with 2 to 10; a `reel`, one video; a `story`, one image or video
 * (Instagram's API takes no caption on a story). Addresses are signed now, when the containers
 * are made. A post Instagram cannot take is refused here, before any call.
 */
export function planPost(type: InstagramOptions['type'], media: readonly PublishMedia[], caption: string): PostPlan | ProviderFailure {
  const refuse = (message: string): ProviderFailure => ({ kind: 'rejected', message });
  if (media.length === 0) return refuse(InstagramMessages.needsMedia);
  if (type === 'reel') {
    if (media.length !== 1 || !isVideo(media[0])) return refuse(InstagramMessages.reelNeedsOneVideo);
    return { product: 'reel', items: [], container: () => ({ media_type: 'REELS', video_url: media[0].url(), caption, share_to_feed: 'true' }) };
  }
  if (type === 'story') {
    if (media.length !== 1) return refuse(InstagramMessages.storyNeedsOneFile);
    const file = media[0];
    return { product: 'story', items: [], container: () => ({ media_type: 'STORIES', [isVideo(file) ? 'video_url' : 'image_url']: file.url() }) };
  }
  if (media.length > CAROUSEL_MAX) return refuse(InstagramMessages.carouselTooLarge(media.length));
  if (media.length === 1) return { product: isVideo(media[0]) ? 'reel' : 'feed', items: [], container: () => single(media[0], caption) };
  return { product: 'feed', items: media.map(carouselItem), container: (itemIds) => ({ media_type: 'CAROUSEL', children: itemIds.join(','), caption }) };
}
