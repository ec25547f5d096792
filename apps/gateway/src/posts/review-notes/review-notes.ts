import { Inject, Injectable } from '@nestjs/common';
import { isoTimestamp } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';

/** A review note as the API shows it. */
export interface ReviewNote {
  id: number;
  body: string;
  author: { id: number; name: string };
  created_at: string;
}

export interface NewReviewNote {
  workspaceUuid: string;
  postUuid: string;
  authorId: number;
  body: string;
}

type NoteRow = { id: number; body: string; author_id: number; author_name: string; created_at: Date | string };

const viewOf = (row: NoteRow): ReviewNote => ({
  id: Number(row.id),
  body: row.body,
  author: { id: Number(row.author_id), name: row.author_name },
  created_at: isoTimestamp(row.created_at),
});

/** The review notes of posts (schema `gateway`), with their authors' names; a deleted author keeps theirs. */
@Injectable()
export class ReviewNotes {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  /** The post's notes, oldest first. */
  async of(workspaceUuid: string, postUuid: string): Promise<ReviewNote[]> {
    const rows = await this.database.db
      .selectFrom('review_notes')
      .innerJoin('users', 'users.id', 'review_notes.author_id')
      .select(['review_notes.id', 'review_notes.body', 'review_notes.author_id', 'users.name as author_name', 'review_notes.created_at'])
      .where('review_notes.workspace_uuid', '=', workspaceUuid)
      .where('review_notes.post_uuid', '=', postUuid)
      .orderBy('review_notes.id')
      .execute();
    return rows.map(viewOf);
  }

  async add(note: NewReviewNote): Promise<ReviewNote> {
    const { db } = this.database;
    const { id } = await db
      .insertInto('review_notes')
      .values({ workspace_uuid: note.workspaceUuid, post_uuid: note.postUuid, author_id: note.authorId, body: note.body, created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom('review_notes')
      .innerJoin('users', 'users.id', 'review_notes.author_id')
      .select(['review_notes.id', 'review_notes.body', 'review_notes.author_id', 'users.name as author_name', 'review_notes.created_at'])
      .where('review_notes.id', '=', Number(id))
      .executeTakeFirstOrThrow();
    return viewOf(row);
  }
}
