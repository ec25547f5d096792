import type { PostStatus, PostVersion } from '@app/domain';

/** The Post resource of the HTTP API. */
export interface PostAccountView {
  id: number;
  provider: string;
  name: string;
  username: string | null;
  external_url: string | null;
  errors: string[];
}

export interface PostView {
  uuid: string;
  status: PostStatus;
  versions: PostVersion[];
  accounts: PostAccountView[];
  tags: string[];
  scheduled_at: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PostPage {
  data: PostView[];
  meta: { page: number; limit: number; total: number };
}
