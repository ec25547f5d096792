import { ApiProperty } from '@nestjs/swagger';
import type { PlatformEntry } from '@app/platforms';

class PlatformTextDoc {
  @ApiProperty({ type: 'integer', nullable: true, description: 'the longest text of one content item; null: no limit' }) limit: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'the longest text of an item that carries media, when shorter (a caption)' }) limit_with_media: number | null;
  @ApiProperty({ enum: ['graphemes', 'code_points', 'weighted'], description: 'how the text is counted' }) counting: PlatformEntry['text']['counting'];
}

class PlatformMediaDoc {
  @ApiProperty({ description: 'whether a version for the platform must carry media' }) required: boolean;
  @ApiProperty({ type: [String], enum: ['image', 'video'], description: 'the media it takes' }) types: ('image' | 'video')[];
  @ApiProperty({ type: 'integer', nullable: true, description: 'the most media of one item; null: not limited by the service' }) max_count: number | null;
}

class PlatformOptionDoc {
  @ApiProperty({ description: 'the field of `versions.N.options.<provider>`' }) name: string;
  @ApiProperty({ enum: ['boolean', 'choice', 'text', 'url', 'text_list'] }) type: string;
  @ApiProperty({ type: [String], nullable: true, description: 'the values a choice takes' }) choices: string[] | null;
  @ApiProperty({ description: 'required of every account (false for a field only accounts without it in their settings must give, such as Pinterest\'s board)' }) required: boolean;
  @ApiProperty({ type: 'integer', nullable: true }) max_length: number | null;
}

class ConnectFieldDoc {
  @ApiProperty() name: string;
  @ApiProperty() required: boolean;
}

class PlatformConnectDoc {
  @ApiProperty({ description: 'connected through OAuth (`GET .../accounts/oauth/{provider}/start`) rather than with the fields below' }) oauth: boolean;
  @ApiProperty({ type: [ConnectFieldDoc], description: 'fields of the account\'s `settings`' }) settings: ConnectFieldDoc[];
  @ApiProperty({ type: [ConnectFieldDoc], description: 'fields of the account\'s `credentials`' }) credentials: ConnectFieldDoc[];
}

/** A platform as `GET /api/platforms` describes it. */
export class PlatformDoc implements PlatformEntry {
  @ApiProperty({ example: 'bluesky' }) provider: string;
  @ApiProperty({ example: 'Bluesky' }) label: string;
  @ApiProperty({ type: PlatformTextDoc }) text: PlatformTextDoc;
  @ApiProperty({ enum: ['thread', 'first_comment', 'single'], description: 'how further content items follow the first' }) items: PlatformEntry['items'];
  @ApiProperty({ type: PlatformMediaDoc }) media: PlatformMediaDoc;
  @ApiProperty({ type: [PlatformOptionDoc] }) options: PlatformOptionDoc[];
  @ApiProperty({ type: PlatformConnectDoc }) connect: PlatformConnectDoc;
}
