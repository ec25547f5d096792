import { ApiProperty } from '@nestjs/swagger';
import { AtMostCharacters, MustBeString, Required } from '../../../http/validation';

export const REVIEW_NOTE_MAX_CHARACTERS = 5000;

export class AddNoteDto {
  @ApiProperty({ maxLength: REVIEW_NOTE_MAX_CHARACTERS, example: 'The link in the second item is wrong.' })
  @Required()
  @MustBeString()
  @AtMostCharacters(REVIEW_NOTE_MAX_CHARACTERS)
  body: string;
}
