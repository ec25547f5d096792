import { applyDecorators } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { ListOf } from '../../http/openapi/list-of';
import { ApiUuidParam } from '../../http/openapi/path-params';
import { ApiWebhookIdParam } from '../webhook-id';
import { DeliveryDoc } from './delivery.doc';

/** What each delivery log operation answers, the same for system and workspace webhooks. */
export const DeliveryOperationDocs = {
  list: () =>
    applyDecorators(
      ApiWebhookIdParam(),
      ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, default: 50 }, description: 'how many deliveries; the dispatcher caps it at 200' }),
      ApiOkResponse({ type: ListOf(DeliveryDoc), description: 'newest first' }),
      ApiErrorResponses({ 422: `${Failures.validation} For limit.` }),
    ),
  resend: () =>
    applyDecorators(
      ApiWebhookIdParam(),
      ApiUuidParam('deliveryId', 'a delivery of the webhook'),
      ApiAcceptedResponse({ type: DeliveryDoc, description: 'a new run of attempts is due now (a pending delivery is left as it is)' }),
      ApiErrorResponses({ 404: 'The webhook has no such delivery: "Delivery not found."' }),
    ),
};
