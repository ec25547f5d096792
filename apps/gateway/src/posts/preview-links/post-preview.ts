import type { PostStatus, PostVersionView, PostView } from '@app/contracts';
import { platformCatalogue, type PlatformEntry } from '@app/platforms';
import type { ReviewNote } from '../review-notes/review-notes';
import type { OpenPreviewLink } from './preview-links';

/** An account of the post as a reviewer from outside sees it: which network, whose name. */
export interface PreviewAccount {
  provider: string;
  name: string;
  username: string | null;
}

/** What a preview link shows of its post: its text and media per account, where it goes, when. */
export interface PreviewedPost {
  uuid: string;
  status: PostStatus;
  versions: PostVersionView[];
  accounts: PreviewAccount[];
  scheduled_at: string | null;
}

/** `GET /api/preview/{token}`. */
export interface PostPreview {
  post: PreviewedPost;
  notes: ReviewNote[];
  can_approve: boolean;
  expires_at: string;
}

export const postPreviewOf = (post: PostView, notes: ReviewNote[], link: OpenPreviewLink): PostPreview => ({
  post: {
    uuid: post.uuid,
    status: post.status,
    versions: post.versions,
    accounts: post.accounts.map(({ provider, name, username }) => ({ provider, name, username })),
    scheduled_at: post.scheduled_at,
  },
  notes,
  can_approve: link.canApprove,
  expires_at: link.expiresAt,
});

/**
 * `GET /api/preview/{token}/platforms`: what the page needs beside the preview to show the post
 * as each network would: the descriptions of the post's platforms, and for each of its accounts
 * (in the preview's order) the index of the version it publishes.
 */
export interface PreviewRendering {
  data: PlatformEntry[];
  account_versions: number[];
}

export const previewRenderingOf = (post: PostView): PreviewRendering => {
  const providers = new Set(post.accounts.map((account) => account.provider));
  const original = Math.max(0, post.versions.findIndex((version) => version.is_original));
  return {
    data: platformCatalogue().filter((platform) => providers.has(platform.provider)),
    account_versions: post.accounts.map((account) => {
      const own = post.versions.findIndex((version) => !version.is_original && version.account_id === account.id);
      return own === -1 ? original : own;
    }),
  };
};
