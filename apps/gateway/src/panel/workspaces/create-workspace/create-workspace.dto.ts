import { ApiProperty } from '@nestjs/swagger';
import { AtMostCharacters, MustBeString, Required } from '../../../http/validation';

export class CreateWorkspaceDto {
  @ApiProperty({ example: 'Acme' })
  @Required()
  @MustBeString()
  @AtMostCharacters(255)
  name: string;
}
