import { givenAccount, IMAGE, items } from '../testing/platform-specification';

describe('Telegram', () => {
  const account = givenAccount('telegram');

  it('given an item with media, then its text is a caption of at most 1024 characters; without media, 4096', () => {
    account.whenScheduling({ content: items(1, 1024, [IMAGE]) }).thenAccepted();
    account.whenScheduling({ content: items(1, 1025, [IMAGE]) }).thenErrors({ 'accounts.0': ['The text is longer than telegram allows (1024 characters).'] });
    account.whenScheduling({ content: [...items(1, 10, [IMAGE]), ...items(1, 4096)] }).thenAccepted();
  });
});
