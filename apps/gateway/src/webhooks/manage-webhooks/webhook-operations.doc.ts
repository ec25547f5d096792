import { applyDecorators } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { ListOf } from '../../http/openapi/list-of';
import { ApiWebhookIdParam } from '../webhook-id';
import { WebhookBodyDoc } from './webhook-body.doc';
import { WebhookDoc } from './webhook.doc';

const REFUSED_SETTINGS = `${Failures.validation} Also a URL that resolves to a private address, unknown events, or a malformed secret.`;

const WEBHOOK_BODY_EXAMPLE = { url: 'https://example.com/hooks/posts', events: ['post.scheduled', 'post.published', 'post.failed'], active: true };

/** What each webhook settings operation answers, the same for system and workspace webhooks. */
export const WebhookOperationDocs = {
  list: () => applyDecorators(ApiOkResponse({ type: ListOf(WebhookDoc) }), ApiErrorResponses({ 503: Failures.unavailable })),
  create: () =>
    applyDecorators(
      ApiJsonBody(WebhookBodyDoc, WEBHOOK_BODY_EXAMPLE),
      ApiCreatedResponse({ type: WebhookDoc }),
      ApiErrorResponses({ 422: REFUSED_SETTINGS, 503: Failures.unavailable }),
    ),
  get: () => applyDecorators(ApiWebhookIdParam(), ApiOkResponse({ type: WebhookDoc })),
  update: () =>
    applyDecorators(
      ApiWebhookIdParam(),
      ApiJsonBody(WebhookBodyDoc, WEBHOOK_BODY_EXAMPLE),
      ApiOkResponse({ type: WebhookDoc, description: 'the settings; fields absent from the body are kept' }),
      ApiErrorResponses({ 422: REFUSED_SETTINGS }),
    ),
  delete: () => applyDecorators(ApiWebhookIdParam(), ApiNoContentResponse({ description: 'deleted; its deliveries stop' })),
};
