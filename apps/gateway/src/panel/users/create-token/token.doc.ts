import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { IssuedToken } from '../../../auth/token-store';

@ApiSchema({ name: 'Token' })
export class TokenDoc implements IssuedToken {
  @ApiProperty({ type: 'integer', example: 3 })
  id: number;

  @ApiProperty({ example: 'ci' })
  name: string;

  @ApiProperty({
    example: 'sps_92QCfBFmX06ttVMIHJuVMNNvQ16OKzWEZwSNk4r0VQE',
    description: 'the bearer token in plain text: shown this once, only its digest is kept',
  })
  token: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: never expires' })
  expires_at: string | null;
}
