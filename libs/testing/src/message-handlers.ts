import { INestMicroservice } from '@nestjs/common';
import { MicroserviceOptions } from '@nestjs/microservices';
import { TestingModule } from '@nestjs/testing';
import { BusServer, withMessageHandlerConfig } from '@app/messaging';

/**
 * Starts the message handlers of a testing module that was initialised (`moduleRef.init()`) as the
 * apps start theirs (connectMessageHandlers); `moduleRef.close()` stops them first.
 */
export async function startMessageHandlers(moduleRef: TestingModule): Promise<INestMicroservice> {
  const handlers = withMessageHandlerConfig(moduleRef.createNestMicroservice<MicroserviceOptions>({ strategy: moduleRef.get(BusServer) }));
  await handlers.listen();
  return handlers;
}
