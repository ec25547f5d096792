import { FeedFormatError, feedItemsOf, textFromTemplate } from './feed-document';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Blog</title>
  <item><title>Second &amp; newest</title><link>https://blog.example/2</link><guid isPermaLink="false">post-2</guid>
    <description><![CDATA[<p>Fresh <b>news</b>&nbsp;today</p>]]></description></item>
  <item><title>First</title><link>https://blog.example/1</link></item>
</channel></rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Notes</title>
  <entry><title type="text">Only one</title><id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
    <link rel="self" href="https://notes.example/feed/1"/><link rel="alternate" href="https://notes.example/1"/>
    <summary>Short &lt;i&gt;summary&lt;/i&gt;</summary></entry>
</feed>`;

describe('feedItemsOf', () => {
  it('reads an RSS 2.0 channel’s items: guid, else link, names each; the description as text', () => {
    expect(feedItemsOf(RSS)).toEqual([
      { key: 'post-2', title: 'Second & newest', link: 'https://blog.example/2', summary: 'Fresh news today' },
      { key: 'https://blog.example/1', title: 'First', link: 'https://blog.example/1', summary: '' },
    ]);
  });

  it('reads an Atom feed’s entries: id, the alternate link, the summary as text', () => {
    expect(feedItemsOf(ATOM)).toEqual([{ key: 'urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a', title: 'Only one', link: 'https://notes.example/1', summary: 'Short summary' }]);
  });

  it('reads a feed of one item, and one of none', () => {
    expect(feedItemsOf('<rss version="2.0"><channel><title>x</title></channel></rss>')).toEqual([]);
    expect(feedItemsOf('<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="https://a.example/x"/></entry></feed>')).toEqual([{ key: 'https://a.example/x', title: '', link: 'https://a.example/x', summary: '' }]);
  });

  it('refuses what is not XML, and XML that is not a feed, saying which', () => {
    expect(() => feedItemsOf('<rss><channel><item></rss>')).toThrow(FeedFormatError);
    expect(() => feedItemsOf('<html><body>Not a feed</body></html>')).toThrow('The document is neither an RSS 2.0 nor an Atom feed.');
    expect(() => feedItemsOf('{"items": []}')).toThrow(FeedFormatError);
    expect(() => feedItemsOf('<!DOCTYPE rss [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><rss><channel><item><title>&b;</title></item></channel></rss>')).toThrow('The feed declares entities of its own');
  });
});

describe('textFromTemplate', () => {
  it('replaces {title}, {link} and {summary}, and leaves other braces', () => {
    const entry = { key: 'k', title: 'Hello', link: 'https://x.example/1', summary: 'All about it' };
    expect(textFromTemplate('{title} {link}', entry)).toBe('Hello https://x.example/1');
    expect(textFromTemplate('New: {title}\n\n{summary} {unknown}', entry)).toBe('New: Hello\n\nAll about it {unknown}');
  });
});
