import { ApiParam } from '@nestjs/swagger';

/** A uuid in the path; any other text names nothing and answers 404. */
export const ApiUuidParam = (name: string, description: string): MethodDecorator & ClassDecorator =>
  ApiParam({ name, description, schema: { type: 'string', format: 'uuid' } });

/** A numeric id in the path, as listings return it; any other text answers 404. */
export const ApiIdParam = (name: string, description: string): MethodDecorator & ClassDecorator =>
  ApiParam({ name, description, schema: { type: 'integer', minimum: 1 } });
