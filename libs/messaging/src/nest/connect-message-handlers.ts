import { FactoryProvider, INestApplication, INestMicroservice } from '@nestjs/common';
import { MicroserviceOptions, NestMicroservice } from '@nestjs/microservices';
import { MESSAGE_BUS, MessageBus } from '../message-bus.port';
import { RPC_SERVER, RpcServer } from '../rpc.port';
import { BusServer } from './bus-server';
import { ForwardErrors } from './forward-errors.filter';

/** The BusServer of an infrastructure module, over its bus and request/reply. */
export const busServerProvider: FactoryProvider<BusServer> = {
  provide: BusServer,
  inject: [MESSAGE_BUS, RPC_SERVER],
  useFactory: (bus: MessageBus, rpc: RpcServer) => new BusServer(bus, rpc),
};

/**
 * Connects the app's message handlers (its controllers' `@MessagePattern` and `@EventPattern`
 * methods) to the BusServer its infrastructure provides. They start with
 * `app.startAllMicroservices()`, once the app is initialised (migrations done).
 */
export function connectMessageHandlers(app: INestApplication): INestMicroservice {
  const handlers = app.connectMicroservice<MicroserviceOptions>({ strategy: app.get(BusServer) }, { deferInitialization: true });
  return withMessageHandlerConfig(handlers);
}

/**
 * The configuration of the handlers, set before they are registered: what they throw reaches the
 * bus as thrown (ForwardErrors). The application's own start calls the lifecycle hooks; the
 * handlers do not call them again.
 */
export function withMessageHandlerConfig(handlers: INestMicroservice): INestMicroservice {
  handlers.useGlobalFilters(new ForwardErrors());
  if (handlers instanceof NestMicroservice) handlers.setIsInitHookCalled(true);
  return handlers;
}
