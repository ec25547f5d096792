import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { isoTimestamp, toDate } from '@app/persistence';
import { hashToken } from '@app/security';
import { PREVIEW_PAGE_PATH } from '../../dashboard/serve-dashboard';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';

/** The answer to a token that is unknown, expired or revoked, and to revoking a link the post does not have. */
export const PREVIEW_LINK_NOT_FOUND = 'Preview link not found.';

/** A preview link as its post's members see it: never its token, which only the link holds. */
export interface PreviewLinkView {
  id: number;
  expires_at: string;
  can_approve: boolean;
  created_at: string;
}

/** A link as it is made: its address, with the token, shown this once. */
export interface MadePreviewLink {
  id: number;
  url: string;
  expires_at: string;
  can_approve: boolean;
}

/** A live link, as a request through it finds it. */
export interface OpenPreviewLink {
  id: number;
  workspaceUuid: string;
  postUuid: string;
  canApprove: boolean;
  /** The member who made it: an approval through it is theirs. */
  createdBy: number;
  expiresAt: string;
}

export interface NewPreviewLink {
  workspaceUuid: string;
  postUuid: string;
  createdBy: number;
  canApprove: boolean;
  expiresInHours: number;
}

/** 256 random bits, in the link's address. */
const TOKEN_BYTES = 32;

/**
 * The links that show a post to reviewers outside the workspace (schema `gateway`). A token is
 * stored as its SHA-256 digest only; a link works until it expires or a member revokes it.
 */
@Injectable()
export class PreviewLinks {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async make(link: NewPreviewLink, now = new Date()): Promise<MadePreviewLink> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(now.getTime() + link.expiresInHours * 3_600_000);
    const { id } = await this.database.db
      .insertInto('preview_links')
      .values({
        workspace_uuid: link.workspaceUuid,
        post_uuid: link.postUuid,
        token_hash: hashToken(token),
        can_approve: link.canApprove,
        created_by: link.createdBy,
        expires_at: expiresAt,
        revoked_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(id), url: `${this.config.publicUrl}${PREVIEW_PAGE_PATH}/${token}`, expires_at: expiresAt.toISOString(), can_approve: link.canApprove };
  }

  /** The post's links that were not revoked, oldest first (expired ones too: their `expires_at` says so). */
  async of(workspaceUuid: string, postUuid: string): Promise<PreviewLinkView[]> {
    const rows = await this.database.db
      .selectFrom('preview_links')
      .select(['id', 'expires_at', 'can_approve', 'created_at'])
      .where('workspace_uuid', '=', workspaceUuid)
      .where('post_uuid', '=', postUuid)
      .where('revoked_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: Number(row.id), expires_at: isoTimestamp(row.expires_at), can_approve: Boolean(row.can_approve), created_at: isoTimestamp(row.created_at) }));
  }

  /** Revokes one of the post's links; false when it has no such link (or it was revoked already). */
  async revoke(workspaceUuid: string, postUuid: string, id: number): Promise<boolean> {
    const result = await this.database.db
      .updateTable('preview_links')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('workspace_uuid', '=', workspaceUuid)
      .where('post_uuid', '=', postUuid)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The link of this token, or null when there is none, or it was revoked or has expired. */
  async open(token: string, now = new Date()): Promise<OpenPreviewLink | null> {
    const row = await this.database.db
      .selectFrom('preview_links')
      .select(['id', 'workspace_uuid', 'post_uuid', 'can_approve', 'created_by', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || toDate(row.expires_at).getTime() <= now.getTime()) return null;
    return {
      id: Number(row.id),
      workspaceUuid: row.workspace_uuid,
      postUuid: row.post_uuid,
      canApprove: Boolean(row.can_approve),
      createdBy: Number(row.created_by),
      expiresAt: isoTimestamp(row.expires_at),
    };
  }
}
