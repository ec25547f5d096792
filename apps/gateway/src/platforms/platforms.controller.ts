import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { platformCatalogue, PlatformEntry } from '@app/platforms';
import { UserRoute } from '../auth/route-access';
import { PlatformDoc } from './platform.doc';

class PlatformListDoc {
  @ApiProperty({ type: [PlatformDoc] }) data: PlatformDoc[];
}

/** The platforms the service publishes to, described from the rules its own checks apply. */
@Controller('platforms')
@UserRoute('platforms')
export class PlatformsController {
  private readonly answer: { data: PlatformEntry[] } = { data: platformCatalogue() };

  @Get()
  @ApiOperation({ summary: 'The platforms: text limits and how they count, items, media, options and how an account connects' })
  @ApiOkResponse({ type: PlatformListDoc })
  list(): { data: PlatformEntry[] } {
    return this.answer;
  }
}
