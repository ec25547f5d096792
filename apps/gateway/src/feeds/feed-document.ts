import { XMLParser } from 'fast-xml-parser';

/** One entry of a feed, as a post is made of it. */
export interface FeedItem {
  /** What names the item for good: its `guid` (RSS) or `id` (Atom), else its link, else its title. */
  key: string;
  title: string;
  link: string;
  /** The item's description or summary, as text (markup removed). */
  summary: string;
}

/** A document that is not an RSS 2.0 or Atom feed. */
export class FeedFormatError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  // XML's and HTML's own entities; a document declaring entities of its own is refused before (feedItemsOf).
  processEntities: true,
  htmlEntities: true,
  removeNSPrefix: true,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

type Node = Record<string, unknown>;

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** The text of an element: a string, or the text node of an element with attributes. */
function textOf(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return textOf((value as Node)['#text']);
  return '';
}

/** Markup removed, entities of HTML read, white space folded: a summary as a post reads it. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An Atom entry's address: its `rel="alternate"` link (or one without a rel), its `href`. */
function atomLink(links: unknown): string {
  const list = asList(links) as Node[];
  const alternate = list.find((link) => link['@rel'] === undefined || link['@rel'] === 'alternate') ?? list[0];
  return typeof alternate === 'object' && alternate !== null ? String(alternate['@href'] ?? textOf(alternate)) : '';
}

function item(key: string, title: string, link: string, summary: string): FeedItem | null {
  const named = key.trim() || link.trim() || title.trim();
  return named ? { key: named, title: title.trim(), link: link.trim(), summary: plainText(summary) } : null;
}

/** The items of an RSS 2.0 or Atom document, in the document's order (newest first, as feeds write them); FeedFormatError for anything else. */
export function feedItemsOf(xml: string): FeedItem[] {
  // Entities a document declares could make it grow without end ("billion laughs"): feeds have no need of them.
  if (/<!ENTITY/i.test(xml)) throw new FeedFormatError('The feed declares entities of its own, which this service does not read.');
  let document: Node;
  try {
    document = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new FeedFormatError(`The feed is not well-formed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  const rss = document.rss as Node | undefined;
  if (rss && typeof rss === 'object') {
    const channel = rss.channel as Node | undefined;
    if (!channel || typeof channel !== 'object') throw new FeedFormatError('The RSS document has no channel.');
    return (asList(channel.item) as Node[]).flatMap((entry) => item(textOf(entry.guid), textOf(entry.title), textOf(asList(entry.link)[0]), textOf(entry.description)) ?? []);
  }
  const feed = document.feed as Node | undefined;
  if (feed && typeof feed === 'object') {
    return (asList(feed.entry) as Node[]).flatMap((entry) => item(textOf(entry.id), textOf(entry.title), atomLink(entry.link), textOf(entry.summary) || textOf(entry.content)) ?? []);
  }
  throw new FeedFormatError('The document is neither an RSS 2.0 nor an Atom feed.');
}

/** A post's text from the feed's template: `{title}`, `{link}` and `{summary}` replaced by the item's. */
export function textFromTemplate(template: string, entry: FeedItem): string {
  return template.replace(/\{(title|link|summary)\}/g, (_, field: 'title' | 'link' | 'summary') => entry[field]).trim();
}
