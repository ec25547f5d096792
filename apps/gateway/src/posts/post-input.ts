import { Injectable } from '@nestjs/common';
import { PostContentInput, validatePostBody } from '@app/domain';
import { AccountRegistry } from '../accounts/account-registry';
import { validationFailed } from '../http/api-error';

/** The body of a post create or update, checked against this workspace's accounts: 422 or the domain input. */
@Injectable()
export class PostInputReader {
  constructor(private readonly accounts: AccountRegistry) {}

  async read(workspaceUuid: string, body: unknown): Promise<PostContentInput> {
    const result = validatePostBody(body, { ...(await this.accounts.postTargets(workspaceUuid)), now: new Date() });
    if (!result.ok) throw validationFailed(result.errors);
    return result.input;
  }
}
