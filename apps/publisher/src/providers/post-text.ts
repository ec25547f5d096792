import { PostVersion } from '@app/domain';
import { ProviderFailure } from './publish-provider';

/** The text a version publishes: its content items' bodies, one paragraph each. */
export const textOf = (version: PostVersion): string =>
  version.content
    .map((item) => item.body)
    .filter((body) => body.trim() !== '')
    .join('\n\n');

/** Media uploads are not implemented for real platforms yet: such a version is refused, not published without its media. */
export function unsupportedMedia(provider: string, version: PostVersion): ProviderFailure | null {
  return version.content.some((item) => item.media.length > 0) ? { kind: 'rejected', message: `Publishing media to ${provider} is not supported yet.` } : null;
}
