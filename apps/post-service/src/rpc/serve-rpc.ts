import type { RpcServer } from '@app/messaging';
import { asServiceError } from '../command-handling/rule-violation-to-service-error';

/**
 * Registers one RPC method: the payload is checked by `parse`, and rule violations of the
 * aggregate reach the caller as ServiceErrors. Other failures are left to the transport, which
 * logs them and answers `unavailable`.
 */
export function serveRpc<Request>(
  server: RpcServer,
  method: string,
  parse: (payload: unknown) => Request,
  execute: (request: Request) => Promise<unknown>,
): void {
  server.handle(method, async (payload) => {
    try {
      return await execute(parse(payload));
    } catch (error) {
      throw asServiceError(error);
    }
  });
}
