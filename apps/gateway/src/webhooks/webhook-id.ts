import { applyDecorators } from '@nestjs/common';
import { Messages } from '@app/contracts';
import { notFound } from '../http/api-error';
import { ApiErrorResponses, Failures } from '../http/openapi/api-error-responses';
import { ApiIdParam } from '../http/openapi/path-params';
import { idFromPath } from '../http/route-params';

/** A webhook id from the path; anything but a positive integer names no webhook. */
export function webhookIdFromPath(value: string): number {
  const id = idFromPath(value);
  if (id === null) throw notFound(Messages.webhookNotFound);
  return id;
}

/** Documents the `{id}` of a webhook route, its 404, and the 503 of the webhook-dispatcher behind it. */
export const ApiWebhookIdParam = (): MethodDecorator =>
  applyDecorators(
    ApiIdParam('id', 'the webhook'),
    ApiErrorResponses({ 404: `No webhook in this scope has this id: "${Messages.webhookNotFound}"`, 503: Failures.unavailable }),
  );
