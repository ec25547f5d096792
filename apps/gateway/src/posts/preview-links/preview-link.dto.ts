import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { AtMostCharacters, MustBeBetween, MustBeBoolean, MustBeInteger, MustBeString, Required } from '../../http/validation';
import { REVIEW_NOTE_MAX_CHARACTERS } from '../review-notes/add-note/add-note.dto';

export const PREVIEW_LINK_HOURS = { min: 1, max: 720, default: 168 } as const;
/** The longest name a reviewer from outside may give. */
export const OUTSIDE_REVIEWER_NAME_MAX_CHARACTERS = 100;

export class MakePreviewLinkDto {
  @ApiPropertyOptional({ type: 'integer', minimum: PREVIEW_LINK_HOURS.min, maximum: PREVIEW_LINK_HOURS.max, default: PREVIEW_LINK_HOURS.default, description: 'how long the link works' })
  @IsOptional()
  @MustBeInteger()
  @MustBeBetween(PREVIEW_LINK_HOURS.min, PREVIEW_LINK_HOURS.max)
  expires_in_hours?: number | null;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'whether a reviewer through the link may approve the post; needs the caller’s own can_approve' })
  @IsOptional()
  @MustBeBoolean()
  can_approve?: boolean | null;
}

class OutsideReviewerDto {
  @ApiProperty({ maxLength: OUTSIDE_REVIEWER_NAME_MAX_CHARACTERS, example: 'Carol (client)', description: 'the reviewer’s name, as the post’s members will read it' })
  @Required()
  @MustBeString()
  @AtMostCharacters(OUTSIDE_REVIEWER_NAME_MAX_CHARACTERS)
  name: string;
}

export class OutsideNoteDto extends OutsideReviewerDto {
  @ApiProperty({ maxLength: REVIEW_NOTE_MAX_CHARACTERS, example: 'Please say “spring” instead of “Q2”.' })
  @Required()
  @MustBeString()
  @AtMostCharacters(REVIEW_NOTE_MAX_CHARACTERS)
  body: string;
}

export class OutsideApprovalDto extends OutsideReviewerDto {}
