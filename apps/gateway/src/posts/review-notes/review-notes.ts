import { Inject, Injectable } from '@nestjs/common';
import { isoTimestamp } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';

/** Who wrote a note: a member, or someone outside the workspace through a preview link (the name they gave). */
export type ReviewNoteAuthor = { id: number; name: string } | { id: null; name: string; external: true };

/** A review note as the API shows it. */
export interface ReviewNote {
  id: number;
  body: string;
  author: ReviewNoteAuthor;
  created_at: string;
}

export interface NewReviewNote {
  workspaceUuid: string;
  postUuid: string;
  /** A member's user id, or the name an outside reviewer gave. */
  author: { userId: number } | { outsideName: string };
  body: string;
}

type NoteRow = { id: number; body: string; author_id: number | null; member_name: string | null; outside_name: string | null; created_at: Date | string };

const viewOf = (row: NoteRow): ReviewNote => ({
  id: Number(row.id),
  body: row.body,
  author: row.author_id === null ? { id: null, name: row.outside_name ?? '', external: true } : { id: Number(row.author_id), name: row.member_name ?? '' },
  created_at: isoTimestamp(row.created_at),
});

/** The review notes of posts (schema `gateway`), with their authors' names; a deleted member keeps theirs. */
@Injectable()
export class ReviewNotes {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  /** The post's notes, oldest first. */
  async of(workspaceUuid: string, postUuid: string): Promise<ReviewNote[]> {
    const rows = await this.notes().where('review_notes.workspace_uuid', '=', workspaceUuid).where('review_notes.post_uuid', '=', postUuid).orderBy('review_notes.id').execute();
    return rows.map(viewOf);
  }

  async add(note: NewReviewNote): Promise<ReviewNote> {
    const author = 'userId' in note.author ? { author_id: note.author.userId } : { author_id: null, author_name: note.author.outsideName };
    const { id } = await this.database.db
      .insertInto('review_notes')
      .values({ workspace_uuid: note.workspaceUuid, post_uuid: note.postUuid, ...author, body: note.body, created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return viewOf(await this.notes().where('review_notes.id', '=', Number(id)).executeTakeFirstOrThrow());
  }

  private notes() {
    return this.database.db
      .selectFrom('review_notes')
      .leftJoin('users', 'users.id', 'review_notes.author_id')
      .select(['review_notes.id', 'review_notes.body', 'review_notes.author_id', 'users.name as member_name', 'review_notes.author_name as outside_name', 'review_notes.created_at']);
  }
}
