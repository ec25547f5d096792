import { ApiProperty } from '@nestjs/swagger';
import { AtMostCharacters, MustBeString, Required } from '../../../http/validation';

export class RenameWorkspaceDto {
  @ApiProperty({ example: 'Acme Europe', maxLength: 255 })
  @Required()
  @MustBeString()
  @AtMostCharacters(255)
  name: string;
}
