import { oauthAppFor, PLATFORMS, platformOf } from '@app/platforms';
import { builtInProviders } from '../built-in-providers';
import { ProviderHttp } from '../http/provider-http';
import { countOf, figuresRead } from './post-figures';

const http = new ProviderHttp({ allowPrivateUrls: false, timeoutMs: 1_000 });
const processing = { timeoutMs: 1_000, intervalMs: 10 };
/** Every built-in provider, as the publisher's module makes them. */
const PROVIDERS = builtInProviders({ http, oauthApp: (provider) => oauthAppFor(provider, {}), processing });

describe("a platform's figures, as described, against its provider", () => {
  it('covers every platform', () => {
    expect(PROVIDERS.map((provider) => provider.name).sort()).toEqual(PLATFORMS.map((platform) => platform.provider).sort());
  });

  it.each(PROVIDERS.map((provider) => [provider.name, provider] as const))('%s: reads figures exactly when its description names some, each once', (name, provider) => {
    const metrics = platformOf(name)!.metrics;
    expect(typeof provider.readMetrics === 'function').toBe(metrics.length > 0);
    expect(new Set(metrics).size).toBe(metrics.length);
  });

  it('describes no figures for Telegram and Discord, which report none', () => {
    expect([platformOf('telegram')!.metrics, platformOf('discord')!.metrics]).toEqual([[], []]);
  });
});

describe('figures as platforms answer them', () => {
  it('takes a whole count of zero or more, as a number or as its digits (YouTube answers strings); anything else is no count', () => {
    expect([0, 7, '42', '0'].map(countOf)).toEqual([0, 7, 42, 0]);
    expect([-1, 0.18, Number.NaN, 2 ** 53, '12.5', '', '9007199254740993', null, undefined, {}, true].map(countOf)).toEqual(Array(11).fill(undefined));
  });

  it('leaves out a figure the platform did not answer as a count, and keeps a 0 it answered', () => {
    expect(figuresRead({ likes: 0, replies: '3', reposts: undefined, views: null, saves: 0.5 })).toEqual({ kind: 'read', metrics: { likes: 0, replies: 3 } });
  });
});
