import { avatarAddress } from './avatar-address';

describe('avatarAddress', () => {
  it('keeps an absolute http or https address', () => {
    expect(avatarAddress('https://cdn.example/avatars/a b.png')).toBe('https://cdn.example/avatars/a%20b.png');
    expect(avatarAddress('http://127.0.0.1:9000/avatar.png')).toBe('http://127.0.0.1:9000/avatar.png');
  });

  it('drops anything a page should not load as a picture', () => {
    for (const value of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/relative.png', '', null, undefined, 42, `https://cdn.example/${'a'.repeat(2048)}`]) {
      expect(avatarAddress(value)).toBeNull();
    }
  });
});
