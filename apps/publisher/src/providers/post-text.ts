import { PostVersion } from '@app/domain';
import { ProviderFailure } from './publish-provider';

/** Media uploads are not implemented for real platforms yet: such a version is refused, not published without its media. */
export function unsupportedMedia(provider: string, version: PostVersion): ProviderFailure | null {
  return version.content.some((item) => item.media.length > 0) ? { kind: 'rejected', message: `Publishing media to ${provider} is not supported yet.` } : null;
}
