import { asServiceError } from '../command-handling/rule-violation-to-service-error';

/**
 * Runs a request/reply method: rule violations of the aggregate reach the caller as ServiceErrors
 * (a malformed payload already is one). Other failures are left to the transport, which logs
 * them and answers `unavailable`.
 */
export async function answerRpc<Reply>(work: () => Promise<Reply>): Promise<Reply> {
  try {
    return await work();
  } catch (error) {
    throw asServiceError(error);
  }
}
