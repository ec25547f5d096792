import { Inject, Injectable } from '@nestjs/common';
import { PUBLISH_PROVIDERS, PublishProvider } from './publish-provider';

/** What checking a connect request needs of the registry. */
export type ProviderLookup = Pick<ProviderRegistry, 'find' | 'names'>;

/** The providers by name. */
@Injectable()
export class ProviderRegistry {
  private readonly byName: ReadonlyMap<string, PublishProvider>;

  constructor(@Inject(PUBLISH_PROVIDERS) providers: readonly PublishProvider[]) {
    this.byName = new Map(providers.map((provider) => [provider.name, provider]));
  }

  find(name: string): PublishProvider | null {
    return this.byName.get(name) ?? null;
  }

  /** Every provider's name, in the order they were given: what an unknown provider's refusal lists. */
  names(): string[] {
    return [...this.byName.keys()];
  }
}
