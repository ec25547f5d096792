import { LocalFeedServer } from '../../feeds/local-feed-server';
import { approverWorkspace, connectSandbox, validation } from '../support/fixtures';
import { Scenario, ScenarioContext } from './scenario';

/** Followed feeds: RSS and Atom items become posts, once; a feed that fails is kept with its error. */
export const feedScenarios: Scenario[] = [
  { title: 'a followed feed posts each item that appears after it was followed, once, oldest first, reading conditionally', run: newItemsBecomePosts },
  { title: 'a feed that cannot be read, parsed or reached in time is kept with its last_error; bad settings are refused; a feed is stopped', run: failingFeeds },
];

async function withSite(work: (site: LocalFeedServer) => Promise<void>): Promise<void> {
  const site = await LocalFeedServer.start();
  try {
    await work(site);
  } finally {
    await site.stop();
  }
}

/** The texts of the workspace's drafts, oldest first. */
async function draftTexts({ admin }: ScenarioContext, workspace: string): Promise<string[]> {
  const page = (await admin.get(`/api/${workspace}/posts?status=draft&limit=100`)).body;
  return (page.data as Array<{ versions: Array<{ content: Array<{ body: string }> }>; created_at: string }>)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((post) => post.versions[0].content[0].body);
}

async function newItemsBecomePosts(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const workspace = await approverWorkspace(admin, 'Feeds');
  const account = await connectSandbox(admin, workspace);
  await withSite(async (site) => {
    site.publish('blog', { id: 'old-1', title: 'Already there', link: 'https://blog.example/old' });
    const followed = await admin.post(`/api/${workspace}/feeds`, { url: `${site.url}/rss/blog`, accounts: [account], mode: 'draft' });
    expect(followed).toMatchObject({ status: 201, body: { id: expect.any(Number), url: `${site.url}/rss/blog`, accounts: [account], mode: 'draft', template: '{title} {link}', last_error: null, last_polled_at: expect.any(String) } });
    const feed = `/api/${workspace}/feeds/${followed.body.id}`;
    expect(await draftTexts(context, workspace)).toEqual([]);

    site.publish('blog', { id: 'new-1', title: 'Spring sale', link: 'https://blog.example/spring' });
    expect(await admin.post(`${feed}/poll`)).toMatchObject({ status: 200, body: { last_error: null } });
    expect(await draftTexts(context, workspace)).toEqual(['Spring sale https://blog.example/spring']);

    expect((await admin.post(`${feed}/poll`)).status).toBe(200);
    expect(site.reads.at(-1)).toEqual({ path: '/rss/blog', conditional: true, status: 304 });
    site.publish('blog', { id: 'new-2', title: 'Second', link: 'https://blog.example/2' });
    site.publish('blog', { id: 'new-3', title: 'Third', link: 'https://blog.example/3' });
    await admin.post(`${feed}/poll`);
    await admin.post(`${feed}/poll`);
    expect(await draftTexts(context, workspace)).toEqual(['Spring sale https://blog.example/spring', 'Second https://blog.example/2', 'Third https://blog.example/3']);

    // An Atom feed, with a template of its own.
    site.publish('notes', { id: 'urn:n:1', title: 'Kept', link: 'https://notes.example/1' });
    const atom = await admin.post(`/api/${workspace}/feeds`, { url: `${site.url}/atom/notes`, accounts: [account], mode: 'draft', template: 'Note: {title} ({summary}) {link}' });
    expect(atom).toMatchObject({ status: 201, body: { last_error: null } });
    site.publish('notes', { id: 'urn:n:2', title: 'Fresh', link: 'https://notes.example/2', summary: 'short <b>and</b> sweet' });
    await admin.post(`/api/${workspace}/feeds/${atom.body.id}/poll`);
    expect((await draftTexts(context, workspace)).at(-1)).toBe('Note: Fresh (short and sweet) https://notes.example/2');
    expect((await admin.get(`/api/${workspace}/feeds`)).body.data.map((listed: { id: number }) => listed.id)).toEqual([followed.body.id, atom.body.id]);
  });
}

async function failingFeeds(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const workspace = await approverWorkspace(admin, 'Failing feeds');
  const account = await connectSandbox(admin, workspace);
  await withSite(async (site) => {
    const broken = await admin.post(`/api/${workspace}/feeds`, { url: `${site.url}/malformed`, accounts: [account], mode: 'draft' });
    expect(broken).toMatchObject({ status: 201, body: { last_error: expect.stringMatching(/^The feed is not well-formed XML/) } });
    const missing = await admin.post(`/api/${workspace}/feeds`, { url: `${site.url}/rss/nothing-here`, accounts: [account], mode: 'draft' });
    expect(missing).toMatchObject({ status: 201, body: { last_error: 'The feed answered 404.' } });
    site.publish('nothing-here', { id: 'x', title: 'Now there', link: 'https://blog.example/x' });
    expect(await admin.post(`/api/${workspace}/feeds/${missing.body.id}/poll`)).toMatchObject({ status: 200, body: { last_error: null } });

    site.slowMs = 15_000;
    const slow = await admin.post(`/api/${workspace}/feeds`, { url: `${site.url}/slow`, accounts: [account], mode: 'draft' });
    expect(slow).toMatchObject({ status: 201, body: { last_error: 'The feed did not answer within 10 s.' } });

    expect(await admin.post(`/api/${workspace}/feeds`, { url: 'ftp://files.example/feed', accounts: [999_999], mode: 'draft' })).toMatchObject(
      validation({ url: ['The url field must be a valid URL.'], 'accounts.0': ['The selected accounts.0 is invalid.'] }),
    );
    expect(await admin.post(`/api/${workspace}/feeds`, { url: site.url, accounts: [account], mode: 'later' })).toMatchObject(validation({ mode: ['The selected mode is invalid. Use draft or queue.'] }));
    expect(await admin.post(`/api/${workspace}/feeds`, {})).toMatchObject({ status: 422, body: { errors: { url: ['The url field is required.'], accounts: ['The accounts field is required.'], mode: ['The mode field is required.'] } } });

    expect((await admin.delete(`/api/${workspace}/feeds/${broken.body.id}`)).status).toBe(204);
    expect(await admin.get(`/api/${workspace}/feeds/${broken.body.id}`)).toMatchObject({ status: 404, body: { message: 'Feed not found.' } });
    expect(await admin.post(`/api/${workspace}/feeds/${broken.body.id}/poll`)).toMatchObject({ status: 404, body: { message: 'Feed not found.' } });
    expect((await admin.get(`/api/${workspace}/feeds`)).body.data.map((feed: { id: number }) => feed.id)).toEqual([missing.body.id, slow.body.id]);
  });
}
