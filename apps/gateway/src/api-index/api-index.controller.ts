import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';

class ApiLinksDoc {
  @ApiProperty({ example: '/app', description: 'the dashboard' })
  app: string;

  @ApiProperty({ example: '/api/docs', description: 'the API reference (Swagger UI)' })
  docs: string;

  @ApiProperty({ example: '/api/docs-json', description: 'the OpenAPI document' })
  openapi: string;
}

export class ApiIndexDoc {
  @ApiProperty({ example: 'social-publishing-service' })
  name: string;

  @ApiProperty({ example: '0.1.0' })
  version: string;

  @ApiProperty({ type: ApiLinksDoc })
  links: ApiLinksDoc;
}

/** The package's name and version, from the package.json above this file (in the sources or the build). */
function packageOf(start: string): { name: string; version: string } {
  for (let folder = start; folder !== dirname(folder); folder = dirname(folder)) {
    const file = join(folder, 'package.json');
    if (existsSync(file)) {
      const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (name && version) return { name, version };
    }
  }
  return { name: 'social-publishing-service', version: 'unknown' };
}

const INDEX: ApiIndexDoc = { ...packageOf(__dirname), links: { app: '/app', docs: '/api/docs', openapi: '/api/docs-json' } };

/** `GET /api`, without a token: what this is and where to go from here (the dashboard, the API reference). */
@Controller()
@ApiTags('index')
export class ApiIndexController {
  @Get()
  @ApiOperation({ summary: 'What this service is, with links to the dashboard and the docs' })
  @ApiOkResponse({ type: ApiIndexDoc })
  index(): ApiIndexDoc {
    return INDEX;
  }
}
