import { Catch, RpcExceptionFilter } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { ServiceError, ServiceErrorKind } from '@app/contracts';
import { PostErrorCode, PostRuleViolation } from '@app/domain';

/**
 * The kind of error each rule of the Post aggregate is to a caller; the words are the domain's
 * (PostRuleMessages). The gateway validates a post body with the same validator first, so invalid
 * content only shows up when a caller skipped it; it still answers with the field keys and
 * messages the violation carries.
 */
const kindOf: Record<PostErrorCode, ServiceErrorKind> = {
  PostNotFound: 'not_found',
  PostAlreadyExists: 'bad_request',
  PublishedPostImmutable: 'bad_request',
  PostBeingPublished: 'bad_request',
  PostNotAwaitingApproval: 'bad_request',
  ApprovalNotAllowed: 'forbidden',
  PostNotFailed: 'bad_request',
  PostChanged: 'precondition_failed',
  InvalidPostContent: 'validation',
};

export function ruleViolationToServiceError(violation: PostRuleViolation): ServiceError {
  const fields = violation.code === 'InvalidPostContent' ? violation.fields : undefined;
  return new ServiceError(kindOf[violation.code], violation.message, fields);
}

/**
 * The post-service's requests answer a rule violation of the aggregate as a ServiceError (a
 * malformed payload already is one); other failures are left to the transport, which logs them
 * and answers `unavailable`.
 */
@Catch(PostRuleViolation)
export class RuleViolationsAsServiceErrors implements RpcExceptionFilter<PostRuleViolation> {
  catch(violation: PostRuleViolation): Observable<never> {
    return throwError(() => ruleViolationToServiceError(violation));
  }
}
