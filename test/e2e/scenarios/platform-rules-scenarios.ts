import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace, connectSandbox, validation } from '../support/fixtures';
import { LIFECYCLE_TIMEOUT_MS, waitForStatus } from './lifecycle-fixtures';
import { LocalPlatforms } from './local-platforms';
import { Scenario, ScenarioContext } from './scenario';

/**
 * What each platform takes of a post body, checked when a post is scheduled, through the whole
 * service: the sandbox, and the local servers of Mastodon, LinkedIn and Discord (`platforms`).
 */
export const platformRuleScenarios = (platforms: () => LocalPlatforms): Scenario[] => [
  {
    title: 'options refused and accepted: Mastodon sensitive and spoiler_text are checked when scheduled (a draft keeps them), counted in the text, and reach the instance on the status',
    run: (context) => optionsRefusedAndAccepted(context, platforms()),
  },
  {
    title: 'too many items for a first-comment platform (LinkedIn) and a single-item platform (Discord): 422 under each account at once; as many as each takes are published',
    run: (context) => contentItemsPerPlatform(context, platforms()),
  },
  { title: 'nothing to publish: empty content (or an empty item of a thread) is refused when scheduled; an empty draft is kept', run: nothingToPublish },
];

const statusAndBody = ({ status, body }: { status: number; body: unknown }) => ({ status, body });
const version = (bodies: string[], extra: Record<string, unknown> = {}) => ({ account_id: 0, is_original: true, content: bodies.map((body) => ({ body, media: [] })), options: {}, ...extra });

async function connect(admin: ApiClient, workspace: string, account: Record<string, unknown>): Promise<number> {
  return createdBody(await admin.post(`/api/${workspace}/accounts`, account), `connecting ${String(account.provider)}`).id;
}

async function optionsRefusedAndAccepted({ admin }: ScenarioContext, { mastodon }: LocalPlatforms): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Options');
  const token = mastodon.addAccount('ada', 'Ada');
  const account = await connect(admin, workspace, { provider: 'mastodon', settings: { instance: mastodon.url }, credentials: { access_token: token } });
  const posts = `/api/${workspace}/posts`;
  const withOptions = (options: unknown, text = 'The ending, explained') => ({ versions: [version([text], { options: { mastodon: options } })], accounts: [account], schedule_now: true });

  const wrong = { sensitive: 'yes', spoiler_text: 42 };
  expect(statusAndBody(await admin.post(posts, withOptions(wrong)))).toEqual(
    validation({
      'versions.0.options.mastodon.sensitive': ['The sensitive field must be true or false.'],
      'versions.0.options.mastodon.spoiler_text': ['The spoiler_text field must be a string.'],
    }),
  );
  // The instance counts the content warning with the text (500 characters here).
  expect(statusAndBody(await admin.post(posts, withOptions({ spoiler_text: 'Spoilers' }, 'a'.repeat(493))))).toEqual(
    validation({ 'accounts.0': ['The text is longer than mastodon allows (492 characters).'] }),
  );
  const draft = await admin.post(posts, { ...withOptions(wrong), schedule_now: false });
  expect(draft).toMatchObject({ status: 201, body: { status: 'draft', versions: [{ options: { mastodon: wrong } }] } });

  const options = { sensitive: true, spoiler_text: 'Spoilers: the finale' };
  const post = createdBody(await admin.post(posts, withOptions(options)), 'scheduling with options');
  const published = await waitForStatus(admin, workspace, post.uuid, 'published', LIFECYCLE_TIMEOUT_MS);
  expect(published.versions[0].options).toEqual({ mastodon: options });
  expect(mastodon.warningsOf(token)).toEqual([{ text: 'The ending, explained', ...options }]);
}

async function contentItemsPerPlatform({ admin }: ScenarioContext, { linkedin, discord }: LocalPlatforms): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Items');
  const member = linkedin.addMember('Ada Lovelace');
  const onLinkedIn = await connect(admin, workspace, { provider: 'linkedin', credentials: linkedin.tokensOf(member) });
  const webhook = discord.addWebhook('News');
  const onDiscord = await connect(admin, workspace, { provider: 'discord', credentials: { webhook_url: `${discord.url}${webhook}` } });
  const posts = `/api/${workspace}/posts`;

  const thread = { versions: [version(['The post', 'A comment', 'One more'])], accounts: [onLinkedIn, onDiscord], schedule_now: true };
  expect(statusAndBody(await admin.post(posts, thread))).toEqual(
    validation({
      'accounts.0': ['The linkedin account publishes at most 2 content items.'],
      'accounts.1': ['The discord account publishes one content item.'],
    }),
  );

  // Two items for LinkedIn (the post and its first comment), one in Discord's own version.
  const fitting = { versions: [version(['The post', 'A comment']), { ...version(['Only one']), account_id: onDiscord, is_original: false }], accounts: [onLinkedIn, onDiscord], schedule_now: true };
  const post = createdBody(await admin.post(posts, fitting), 'scheduling what each platform takes');
  await waitForStatus(admin, workspace, post.uuid, 'published', LIFECYCLE_TIMEOUT_MS);
  expect(linkedin.textsOf(member.urn)).toEqual([expect.stringMatching(/^The post/)]);
  expect(discord.contentsOf(webhook)).toEqual(['Only one']);
}

async function nothingToPublish({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Nothing');
  const account = await connectSandbox(admin, workspace);
  const posts = `/api/${workspace}/posts`;
  const empty = { versions: [{ account_id: 0, is_original: true, content: [], options: {} }], accounts: [account] };

  expect(statusAndBody(await admin.post(posts, { ...empty, schedule_now: true }))).toEqual(validation({ 'versions.0.content': ['The content field must have a body or media.'] }));
  const gap = { versions: [version(['First', ' ', 'Third'])], accounts: [account], schedule_now: true };
  expect(statusAndBody(await admin.post(posts, gap))).toEqual(validation({ 'versions.0.content.1': ['The content item must have a body or media.'] }));

  const draft = createdBody(await admin.post(posts, empty), 'keeping an empty draft');
  expect(draft.status).toBe('draft');
  expect(statusAndBody(await admin.put(`${posts}/${draft.uuid}`, { ...empty, schedule_now: true }))).toEqual(
    validation({ 'versions.0.content': ['The content field must have a body or media.'] }),
  );
  expect((await admin.get(`${posts}/${draft.uuid}`)).body.status).toBe('draft');
}
