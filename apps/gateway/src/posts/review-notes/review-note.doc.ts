import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { REVIEW_NOTE_MAX_CHARACTERS } from './add-note/add-note.dto';
import type { ReviewNote, ReviewNoteAuthor } from './review-notes';

@ApiSchema({ name: 'ReviewNoteAuthor' })
class ReviewNoteAuthorDoc {
  @ApiProperty({ type: 'integer', nullable: true, example: 2, description: 'the member’s user id; null for a reviewer from outside' })
  id: number | null;

  @ApiProperty({ example: 'Ann', description: 'the member’s name, or the name a reviewer from outside gave' })
  name: string;

  @ApiProperty({ required: false, enum: [true], description: 'present (true) only on a note from outside, written through a preview link' })
  external?: true;
}

@ApiSchema({ name: 'ReviewNote' })
export class ReviewNoteDoc implements ReviewNote {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ maxLength: REVIEW_NOTE_MAX_CHARACTERS, example: 'The link in the second item is wrong.' })
  body: string;

  @ApiProperty({ type: ReviewNoteAuthorDoc, description: 'who wrote it: a member, or a reviewer from outside through a preview link' })
  author: ReviewNoteAuthor;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T09:00:00.000Z' })
  created_at: string;
}
