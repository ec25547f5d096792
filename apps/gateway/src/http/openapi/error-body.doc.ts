import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/* OpenAPI description of the error bodies of the product contract, as ApiExceptionFilter writes them. */

@ApiSchema({ name: 'Error' })
export class ErrorBodyDoc {
  @ApiProperty({ example: 'Post not found.' })
  message: string;
}

@ApiSchema({ name: 'ValidationError' })
export class ValidationErrorBodyDoc {
  @ApiProperty({ example: 'Validation errors.' })
  message: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: 'field path (dot notation) -> messages; every failing field at once',
    example: { 'versions.0.is_original': ['The is_original field must be true for the first version.'] },
  })
  errors: Record<string, string[]>;
}
