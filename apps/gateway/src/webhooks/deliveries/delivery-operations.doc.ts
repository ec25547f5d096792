import { applyDecorators } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse } from '@nestjs/swagger';
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
      ApiOkResponse({ type: ListOf(DeliveryDoc), description: 'newest first, those that pass every filter given' }),
      ApiErrorResponses({ 422: `${Failures.validation} For limit, status, event, since, until and post_uuid.` }),
    ),
  resend: () =>
    applyDecorators(
      ApiWebhookIdParam(),
      ApiUuidParam('deliveryId', 'a delivery of the webhook'),
      ApiAcceptedResponse({ type: DeliveryDoc, description: 'a new run of attempts is due now (a pending delivery is left as it is)' }),
      ApiErrorResponses({ 404: 'The webhook has no such delivery: "Delivery not found."' }),
    ),
};
