import { givenAccount, IMAGE } from '../testing/platform-specification';
import { pinterest } from './pinterest';

describe('Pinterest', () => {
  const image = [{ body: 'A pin', media: [IMAGE] }];

  it('given no board, then it is required unless the account has one in its settings', () => {
    givenAccount('pinterest').whenScheduling({ content: image }).thenErrors({ 'versions.0.options.pinterest.board_id': ['The board_id field is required.'] });
    givenAccount('pinterest', { board_id: '12345' }).whenScheduling({ content: image }).thenAccepted();
  });

  it('given a title over 100 characters and a link that is not a web address, then each is refused', () => {
    givenAccount('pinterest')
      .whenScheduling({ content: image, options: { pinterest: { board_id: 'b', title: 't'.repeat(101), link: 'javascript:alert(1)' } } })
      .thenErrors({
        'versions.0.options.pinterest.title': ['The title field must not be greater than 100 characters.'],
        'versions.0.options.pinterest.link': ['The link field must be a valid URL.'],
      });
  });

  it('given the options, then the publisher reads them typed', () => {
    expect(pinterest.readOptions({ pinterest: { board_id: 'b', link: 'https://example.com/p' } })).toEqual({ board_id: 'b', title: null, link: 'https://example.com/p' });
  });
});
