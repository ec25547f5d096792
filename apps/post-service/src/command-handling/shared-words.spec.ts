import { Messages } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';

describe('the words the domain and the contract share', () => {
  it('refuses an approval with the product’s words for a missing permission', () => {
    expect(PostRuleMessages.ApprovalNotAllowed).toBe(Messages.unauthorized);
  });

  it('answers invalid content with the product’s words for validation errors', () => {
    expect(PostRuleMessages.InvalidPostContent).toBe(Messages.validation);
  });
});
