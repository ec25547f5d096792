import { describe, expect, it } from '@jest/globals';
import type { PlatformDescription } from '../../platform-text';
import { connectBody, connectFieldsOf } from './connect-fields';

const described = (provider: string, connect: PlatformDescription['connect']) => ({ provider, connect }) as PlatformDescription;

describe('the connect form, from the platforms as the server describes them', () => {
  it("asks for the settings and credentials a platform describes, required as described, credentials hidden unless said, in the form's words", () => {
    const bluesky = described('bluesky', { oauth: false, settings: [{ name: 'service', required: false }], credentials: [{ name: 'identifier', required: true }, { name: 'app_password', required: true }] });
    expect(connectFieldsOf(bluesky)).toEqual([
      { key: 'service', group: 'settings', required: false, label: 'PDS URL', placeholder: 'https://bsky.social', secret: false },
      { key: 'identifier', group: 'credentials', required: true, label: 'Handle or DID', placeholder: undefined, secret: false },
      { key: 'app_password', group: 'credentials', required: true, label: 'App password', placeholder: undefined, secret: true },
    ]);
  });

  it('shows a field it has no words for under its own name, and keeps out the ones it leaves to the API', () => {
    const future = described('future', { oauth: false, settings: [{ name: 'server_region', required: true }], credentials: [{ name: 'api_key', required: true }] });
    expect(connectFieldsOf(future).map(({ key, label, secret }) => [key, label, secret])).toEqual([
      ['server_region', 'Server region', false],
      ['api_key', 'Api key', true],
    ]);
    const sandbox = described('sandbox', { oauth: false, settings: [{ name: 'outcome', required: false }, { name: 'item_outcomes', required: false }], credentials: [] });
    expect(connectFieldsOf(sandbox).map((field) => field.key)).toEqual(['outcome']);
  });

  it('asks for nothing for a platform that connects through its authorization page, or before the descriptions arrive', () => {
    expect(connectFieldsOf(described('x', { oauth: true, settings: [], credentials: [] }))).toEqual([]);
    expect(connectFieldsOf(undefined)).toEqual([]);
  });

  it('sends the filled fields only, each in its group', () => {
    const fields = connectFieldsOf(described('mastodon', { oauth: false, settings: [{ name: 'instance', required: true }], credentials: [{ name: 'access_token', required: true }] }));
    expect(connectBody('mastodon', fields, ' ', { instance: ' https://m.example ', access_token: '', other: 'x' })).toEqual({ provider: 'mastodon', settings: { instance: 'https://m.example' }, credentials: {} });
  });
});
