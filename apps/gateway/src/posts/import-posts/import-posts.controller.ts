import { Body, Controller, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiCreatedResponse, ApiOperation, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { validationFailed } from '../../http/api-error';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { parseIdempotencyKey } from '../../idempotency/idempotency-key';
import { PostAnswer, withActions } from '../post-actions-of';
import { ImportLimits, ImportMessages, readImportTable } from './import-rows';
import { IMPORT_BODY_DESCRIPTION, IMPORT_CSV_EXAMPLE, IMPORT_JSON_EXAMPLE, ImportDryRunDoc, ImportedPostsDoc, ImportPostsQueryDto, ImportRowDoc } from './import-posts.doc';
import { importRefused, ImportRowReport, PostImporter } from './post-importer';

/**
 * `POST posts/import`: many posts from a table (CSV or a JSON array), each row read as `POST posts`
 * reads a body; a dry run reports every row's errors, otherwise all rows are created or none.
 */
@Controller(':workspaceUuid/posts/import')
@WorkspaceRoute('posts')
@ApiExtraModels(ImportRowDoc)
export class ImportPostsController {
  constructor(private readonly importer: PostImporter) {}

  @Post()
  @ApiOperation({
    summary: 'Import posts from CSV or a JSON array: a dry run, or all rows or none',
    requestBody: {
      required: true,
      description: IMPORT_BODY_DESCRIPTION,
      content: {
        'text/csv': { schema: { type: 'string' }, example: IMPORT_CSV_EXAMPLE },
        'application/json': {
          schema: { type: 'array', maxItems: ImportLimits.rows, items: { $ref: getSchemaPath(ImportRowDoc) } },
          examples: { example: { summary: 'accepted as it is', value: IMPORT_JSON_EXAMPLE } },
        },
      },
    },
  })
  @Idempotent()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ImportedPostsDoc, description: 'every row was valid: the posts, created in row order (queued rows in consecutive free slots)' })
  @ApiOkResponse({ type: ImportDryRunDoc, description: 'dry_run=true: each row\'s errors; nothing created' })
  @ApiErrorResponses({
    400: Failures.notJson,
    413: 'The body is over 4 MB: "The request body is too large."',
    422: `${Failures.validation} A row's errors come under rows.N.<column> (N from 0) with the messages of POST posts; nothing is created. Under rows: "${ImportMessages.tooManyRows(ImportLimits.rows + 1)}", "${ImportMessages.noRows}", "${ImportMessages.notRows}", or why the CSV could not be read.`,
    503: `${Failures.unavailable} Sent again with the same Idempotency-Key, the import creates only the posts it had not created; without one, the posts it had created are deleted.`,
  })
  async import(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentMembership() membership: Membership,
    @Body() body: unknown,
    @Query() query: ImportPostsQueryDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ valid: boolean; rows: ImportRowReport[] } | { data: PostAnswer[] }> {
    const table = readImportTable(body);
    if (!table.ok) throw validationFailed(table.errors);
    const key = idempotencyKey === undefined ? undefined : parseIdempotencyKey(idempotencyKey);
    const checked = await this.importer.check(user, membership, table.rows, key);
    if (query.dry_run === 'true') {
      void reply.status(200);
      return { valid: checked.valid, rows: checked.rows };
    }
    if (!checked.valid) throw importRefused(checked.rows);
    const posts = await this.importer.create(user, membership, checked.requests, { keyed: key !== undefined });
    return { data: posts.map((post) => withActions(post, membership)) };
  }
}
