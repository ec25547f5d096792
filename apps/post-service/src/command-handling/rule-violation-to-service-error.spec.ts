import { Messages, ServiceError } from '@app/contracts';
import { PostErrorCode, PostRuleMessages, PostRuleViolation } from '@app/domain';
import { lastValueFrom } from 'rxjs';
import { RuleViolationsAsServiceErrors, ruleViolationToServiceError } from './rule-violation-to-service-error';

const map = (code: PostErrorCode) => ruleViolationToServiceError(new PostRuleViolation(code)).toBody();

describe('ruleViolationToServiceError', () => {
  it.each<[PostErrorCode, string, string]>([
    ['PostNotFound', 'not_found', 'Post not found.'],
    ['PublishedPostImmutable', 'bad_request', 'A published post cannot be edited or deleted. Create a new post instead.'],
    ['PostBeingPublished', 'bad_request', 'The post is being published and cannot be changed now.'],
    ['PostNotAwaitingApproval', 'bad_request', 'The post is not awaiting approval.'],
    ['ApprovalNotAllowed', 'forbidden', Messages.unauthorized],
    ['PostAlreadyExists', 'bad_request', 'A post with this uuid already exists.'],
  ])('%s -> %s with the contract message', (code, kind, message) => {
    expect(map(code)).toEqual({ kind, message });
  });

  it('takes the words of every violation from the domain, which says what the contract says', () => {
    for (const code of Object.keys(PostRuleMessages) as PostErrorCode[]) expect(ruleViolationToServiceError(new PostRuleViolation(code)).message).toBe(PostRuleMessages[code]);
    expect(PostRuleMessages.InvalidPostContent).toBe(Messages.validation);
  });

  it('answers invalid content with the field errors the violation carries', () => {
    const fields = { versions: ['The versions field is required.'], 'tags.0': ['The 0 field contains invalid characters.'] };
    expect(ruleViolationToServiceError(new PostRuleViolation('InvalidPostContent', fields)).toBody()).toEqual({
      kind: 'validation',
      message: 'Validation errors.',
      errors: fields,
    });
  });
});

describe('RuleViolationsAsServiceErrors', () => {
  it('answers a rule violation as its ServiceError', async () => {
    const answered = await lastValueFrom(new RuleViolationsAsServiceErrors().catch(new PostRuleViolation('PostNotFound'))).catch((error: unknown) => error);
    expect(answered).toBeInstanceOf(ServiceError);
    expect((answered as ServiceError).toBody()).toEqual({ kind: 'not_found', message: 'Post not found.' });
  });
});
