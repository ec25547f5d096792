import { DEFAULT_WEBHOOK_EVENTS } from '@app/contracts';
import { checkWebhookInput, WebhookMessages } from './webhook-input';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('checkWebhookInput', () => {
  it('fills the defaults of a create: the four events of the specification, active', () => {
    expect(checkWebhookInput({ url: 'https://example.com/hooks?token=abc' }, 'create')).toEqual({
      changes: { url: 'https://example.com/hooks?token=abc', events: ['post.scheduled', 'post.published', 'post.failed', 'post.approved'], active: true },
      errors: {},
    });
    expect(checkWebhookInput({ url: 'http://example.com', events: [] }, 'create').changes.events).toEqual([...DEFAULT_WEBHOOK_EVENTS]);
  });

  it("keeps the chosen events once each, in the catalogue's order; \"*\" alone stands for every event", () => {
    const { changes } = checkWebhookInput({ url: 'https://example.com', events: ['account.connected', 'post.failed', 'post.published', 'post.failed'], secret, active: false }, 'create');
    expect(changes).toEqual({ url: 'https://example.com', events: ['post.published', 'post.failed', 'account.connected'], secret, active: false });
    expect(checkWebhookInput({ events: ['post.created', '*'] }, 'update').changes.events).toEqual(['*']);
  });

  it('reports every failing field at once', () => {
    const { errors } = checkWebhookInput({ url: 'ftp://example.com', events: ['post.published', 'post.removed', 3], secret: 'abc', active: 'yes' }, 'create');
    expect(errors).toEqual({
      url: [WebhookMessages.urlInvalid],
      'events.1': [WebhookMessages.eventsInvalid],
      'events.2': [WebhookMessages.eventsInvalid],
      secret: [WebhookMessages.secretInvalid],
      active: [WebhookMessages.activeNotBoolean],
    });
  });

  it.each([undefined, null, '', {}])('requires a url on create (input %p)', (url) => {
    expect(checkWebhookInput(url === undefined ? {} : { url }, 'create').errors).toEqual(
      typeof url === 'object' && url !== null ? { url: [WebhookMessages.urlInvalid] } : { url: [WebhookMessages.urlRequired] },
    );
  });

  it.each(['example.com/hook', '/hooks', 'javascript:alert(1)', 'http://', 'not a url', `https://example.com/${'a'.repeat(2048)}`])('refuses %s as a url', (url) => {
    expect(checkWebhookInput({ url }, 'create').errors).toEqual({ url: [WebhookMessages.urlInvalid] });
  });

  it.each(['https://example.com/\u0000', 'https://example.com/\ud800'])('refuses a url with invalid characters (%p), which no stored text may hold', (url) => {
    expect(checkWebhookInput({ url }, 'create').errors).toEqual({ url: ['The url field contains invalid characters.'] });
  });

  it('refuses events that are not an array', () => {
    expect(checkWebhookInput({ url: 'https://example.com', events: 'post.published' }, 'create').errors).toEqual({
      events: [WebhookMessages.eventsNotArray],
    });
  });

  it('changes only what an update names', () => {
    expect(checkWebhookInput({ active: false }, 'update')).toEqual({ changes: { active: false }, errors: {} });
    expect(checkWebhookInput({}, 'update')).toEqual({ changes: {}, errors: {} });
    expect(checkWebhookInput({ url: '' }, 'update').errors).toEqual({ url: [WebhookMessages.urlRequired] });
  });

  it('treats a body that is not an object as empty', () => {
    expect(checkWebhookInput(null, 'create').errors).toEqual({ url: [WebhookMessages.urlRequired] });
  });
});
