import { webAddressOf } from './web-address';

describe('webAddressOf', () => {
  it('keeps web addresses, and no address', () => {
    expect(webAddressOf('https://mastodon.example/@alice/1')).toEqual({ kept: true, url: 'https://mastodon.example/@alice/1' });
    expect(webAddressOf('http://127.0.0.1:3000/@alice/1')).toEqual({ kept: true, url: 'http://127.0.0.1:3000/@alice/1' });
    expect(webAddressOf(null)).toEqual({ kept: true, url: null });
  });

  it('drops any other scheme as a browser reads it, naming the scheme only', () => {
    expect(webAddressOf('javascript:alert(document.cookie)')).toEqual({ kept: false, why: 'the scheme javascript:' });
    expect(webAddressOf(' \tJavaScript:alert(1)')).toEqual({ kept: false, why: 'the scheme javascript:' });
    expect(webAddressOf('data:text/html,<script>alert(1)</script>')).toEqual({ kept: false, why: 'the scheme data:' });
    expect(webAddressOf('vbscript:msgbox(1)')).toEqual({ kept: false, why: 'the scheme vbscript:' });
  });

  it('drops what is not a URL at all', () => {
    expect(webAddressOf('/@alice/1')).toEqual({ kept: false, why: 'not a URL' });
    expect(webAddressOf('')).toEqual({ kept: false, why: 'not a URL' });
  });
});
