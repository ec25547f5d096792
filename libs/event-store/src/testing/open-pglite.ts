import * as vm from 'node:vm';
import { PgliteSqlClient } from '@app/persistence';

/**
 * PGlite loads parts of itself with dynamic import(), which Jest only supports with VM modules
 * enabled; without them the import fails outside any test and ends the whole run. Fail this
 * suite with the remedy instead.
 */
export async function openInMemoryPglite(): Promise<PgliteSqlClient> {
  if (typeof (vm as { SourceTextModule?: unknown }).SourceTextModule !== 'function') {
    throw new Error('PGlite under Jest needs NODE_OPTIONS=--experimental-vm-modules');
  }
  return PgliteSqlClient.open();
}
