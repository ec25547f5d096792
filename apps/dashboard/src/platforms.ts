import { useEffect, useState } from 'preact/hooks';
import { answer, api } from './api';
import type { PlatformDescription } from './platform-text';

export type Platforms = ReadonlyMap<string, PlatformDescription>;

const NONE: Platforms = new Map();
let loading: Promise<Platforms> | null = null;

/** The platforms, asked for once a session (a failed read is asked for again next time). */
function loadPlatforms(): Promise<Platforms> {
  loading ??= answer(api.GET('/api/platforms')).then(
    (page) => new Map(page.data.map((platform) => [platform.provider, platform])),
    (failure: unknown) => {
      loading = null;
      throw failure;
    },
  );
  return loading;
}

/** The platforms as the server describes them; none until they arrive (counts and previews then show no limit). */
export function usePlatforms(): Platforms {
  const [platforms, setPlatforms] = useState<Platforms>(NONE);
  useEffect(() => {
    let current = true;
    loadPlatforms().then(
      (loaded) => current && setPlatforms(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return platforms;
}
