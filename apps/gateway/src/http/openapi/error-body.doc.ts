import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { PostMessages } from '@app/domain';

/* OpenAPI description of the error bodies of the product contract, as ApiExceptionFilter writes them. */

@ApiSchema({ name: 'Error' })
export class ErrorBodyDoc {
  @ApiProperty({ description: 'what went wrong, in one sentence; each response lists the messages of its status' })
  message: string;
}

@ApiSchema({ name: 'ValidationError' })
export class ValidationErrorBodyDoc {
  @ApiProperty({ example: Messages.validation })
  message: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: 'field path (dot notation) -> messages; every failing field at once',
    example: { 'versions.0.is_original': [PostMessages.firstMustBeOriginal] },
  })
  errors: Record<string, string[]>;
}
