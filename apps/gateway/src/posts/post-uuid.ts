import { Messages } from '@app/contracts';
import { notFound } from '../http/api-error';
import { isUuid } from '../http/route-params';

/** A post uuid from the path; anything that is not a uuid names no post. */
export function postUuidFromPath(value: string): string {
  if (!isUuid(value)) throw notFound(Messages.postNotFound);
  return value.toLowerCase();
}
