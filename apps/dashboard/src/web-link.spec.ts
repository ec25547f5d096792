import { describe, expect, it } from '@jest/globals';
import { webLinkOf } from './web-link';

describe('webLinkOf', () => {
  it('links web addresses only', () => {
    expect(webLinkOf('https://bsky.app/profile/alice.test/post/3k')).toBe('https://bsky.app/profile/alice.test/post/3k');
    expect(webLinkOf('http://localhost:3000/@alice/1')).toBe('http://localhost:3000/@alice/1');
    for (const address of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', '/relative', '', null, undefined]) {
      expect(webLinkOf(address)).toBeNull();
    }
  });
});
