import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { REVIEW_NOTE_MAX_CHARACTERS } from './add-note/add-note.dto';
import type { ReviewNote } from './review-notes';

@ApiSchema({ name: 'ReviewNoteAuthor' })
class ReviewNoteAuthorDoc {
  @ApiProperty({ type: 'integer', example: 2 })
  id: number;

  @ApiProperty({ example: 'Ann' })
  name: string;
}

@ApiSchema({ name: 'ReviewNote' })
export class ReviewNoteDoc implements ReviewNote {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ maxLength: REVIEW_NOTE_MAX_CHARACTERS, example: 'The link in the second item is wrong.' })
  body: string;

  @ApiProperty({ type: ReviewNoteAuthorDoc, description: 'the member who wrote it' })
  author: ReviewNoteAuthorDoc;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T09:00:00.000Z' })
  created_at: string;
}
