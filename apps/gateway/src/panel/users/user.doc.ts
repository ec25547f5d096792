import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { UserView } from './user-view';

@ApiSchema({ name: 'User' })
export class UserDoc implements UserView {
  @ApiProperty({ type: 'integer', example: 2 })
  id: number;

  @ApiProperty({ example: 'Ada' })
  name: string;

  @ApiProperty({ format: 'email', example: 'ada@example.com' })
  email: string;

  @ApiProperty({ description: 'admins may use the panel endpoints' })
  is_admin: boolean;
}
