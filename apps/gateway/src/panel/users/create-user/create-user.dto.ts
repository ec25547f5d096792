import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { AtMostCharacters, MustBeBoolean, MustBeEmail, MustBeString, Required } from '../../../http/validation';

export class CreateUserDto {
  @ApiProperty({ example: 'Ada' })
  @Required()
  @MustBeString()
  @AtMostCharacters(255)
  name: string;

  @ApiProperty({ example: 'ada@example.com' })
  @Required()
  @MustBeString()
  @MustBeEmail()
  @AtMostCharacters(255)
  email: string;

  @ApiProperty({ required: false, default: false, description: 'admins may use the panel endpoints' })
  @IsOptional()
  @MustBeBoolean()
  is_admin?: boolean;
}
