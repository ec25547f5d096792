import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CreatePostRequest, derivedUuid, RpcMethods, ServiceError } from '@app/contracts';
import type { FieldErrors } from '@app/domain';
import type { AuthenticatedUser, Membership } from '../../auth/authenticated-user';
import { ApiError, validationFailed } from '../../http/api-error';
import { errorResponseOf } from '../../http/error-response';
import { PostCommandSender, postActionRequest } from '../post-command-sender';
import { PostInputReader } from '../post-input';
import type { PostResource } from '../post-revision';
import { importRowBody, rowErrorsOf } from './import-rows';

/** Posts created at once by one import: a few, so that a large import neither waits on each in turn nor floods the post-service. */
const CONCURRENT_CREATES = 4;

/** The rows (indexes) of each lane: the queued rows in one, in order; the others dealt out in turn to the rest. */
function lanesOf(requests: CreatePostRequest[]): number[][] {
  const lanes: number[][] = Array.from({ length: CONCURRENT_CREATES }, () => []);
  let next = 0;
  requests.forEach((request, row) => {
    if (request.input.intent.kind === 'queue') lanes[0].push(row);
    else lanes[1 + (next++ % (CONCURRENT_CREATES - 1))].push(row);
  });
  return lanes;
}

/** One row of an import as checked: its index (from 0) and the errors of its columns (none: `{}`). */
export interface ImportRowReport {
  row: number;
  errors: FieldErrors;
}

/** The rows read as `POST posts` reads a body: the create request of each, in order, when every row is valid. */
export interface CheckedImport {
  valid: boolean;
  rows: ImportRowReport[];
  requests: CreatePostRequest[];
}

/** The 422 of an import: each row's errors under `rows.N.<column>`. */
export function importRefused(reports: ImportRowReport[]): ApiError {
  const errors: FieldErrors = {};
  for (const { row, errors: columns } of reports) for (const [column, messages] of Object.entries(columns)) errors[`rows.${row}.${column}`] = messages;
  return validationFailed(errors);
}

/**
 * Imports rows as posts, all or none. Every row is read first, as `POST posts` reads a body (the
 * same reader: accounts, media, the queue, each platform's rules), and nothing is created unless
 * all are valid. Then each is created by the create command itself, a few at once, the queued
 * rows one after the other so that they take the queue's next free slots in row order.
 *
 * Each post's uuid is derived from the import's Idempotency-Key (a random one without a key) and
 * its row: sent again after a 5xx midway (the key is given up on a 5xx), the import finds the
 * posts it created and creates the rest, never twice. Any other failure midway, or any failure of
 * an import without a key (nobody can send it again safely), deletes the posts already created; a
 * refusal of the post-service (a queue with no free slot left) is answered as that row's error.
 */
@Injectable()
export class PostImporter {
  private readonly logger = new Logger(PostImporter.name);

  constructor(
    private readonly inputs: PostInputReader,
    private readonly commands: PostCommandSender,
  ) {}

  async check(user: AuthenticatedUser, membership: Membership, rows: Array<Record<string, unknown>>, idempotencyKey: string | undefined): Promise<CheckedImport> {
    const importId = idempotencyKey ?? randomUUID();
    const reports: ImportRowReport[] = [];
    const requests: CreatePostRequest[] = [];
    for (const [row, fields] of rows.entries()) {
      const { body, errors: ownErrors } = importRowBody(fields);
      const postUuid = derivedUuid('posts.import', membership.workspaceUuid, String(user.userId), importId, String(row));
      let bodyErrors: FieldErrors = {};
      try {
        const request = await this.inputs.createRequest(user, membership, body, postUuid);
        requests.push({ ...request, replayIfExists: true });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 422 && error.errors)) throw error;
        bodyErrors = error.errors;
      }
      reports.push({ row, errors: rowErrorsOf(bodyErrors, ownErrors) });
    }
    return { valid: reports.every((report) => Object.keys(report.errors).length === 0), rows: reports, requests };
  }

  /**
   * Creates the posts of a valid import, in row order within each lane: the queued rows one after
   * the other in one lane (so that they take the free slots in row order), the others in
   * CONCURRENT_CREATES - 1 lanes beside it. On a failure midway, see the class.
   */
  async create(user: AuthenticatedUser, membership: Membership, requests: CreatePostRequest[], { keyed }: { keyed: boolean }): Promise<PostResource[]> {
    const created: PostResource[] = [];
    const failures: Array<{ row: number; error: unknown }> = [];
    const runLane = async (rows: number[]): Promise<void> => {
      for (const row of rows) {
        if (failures.length > 0) return;
        try {
          created[row] = await this.commands.sendForPost(RpcMethods.createPost, requests[row]);
        } catch (error) {
          failures.push({ row, error });
        }
      }
    };
    await Promise.all(lanesOf(requests).map(runLane));
    if (failures.length === 0) return created;
    const { row, error } = failures[0];
    // Sent again with its key, an import that failed with a 5xx finishes (the key is given up on a 5xx, kept otherwise).
    if (!keyed || errorResponseOf(error).status < 500) await this.undo(user, membership, created.filter(Boolean));
    const refusal = error instanceof ServiceError && error.kind === 'validation' && error.errors;
    if (refusal) throw importRefused([{ row, errors: rowErrorsOf(refusal) }]);
    throw error;
  }

  private async undo(user: AuthenticatedUser, membership: Membership, created: PostResource[]): Promise<void> {
    for (const post of created) {
      try {
        await this.commands.send(RpcMethods.deletePost, postActionRequest(user, membership, post.uuid, undefined));
      } catch (error) {
        this.logger.error(`An import stopped midway could not delete post ${post.uuid} it had created: ${String(error)}`);
      }
    }
  }
}
