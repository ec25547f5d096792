import { CallHandler, Controller, ExecutionContext, Injectable, INestMicroservice, NestInterceptor, PipeTransform, UseInterceptors } from '@nestjs/common';
import { EventPattern, MessagePattern, MicroserviceOptions, Payload } from '@nestjs/microservices';
import { Test, TestingModule } from '@nestjs/testing';
import { Observable, tap } from 'rxjs';
import { openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { eventuallyPasses } from '@app/testing/eventually';
import { UnprocessableMessage } from '../delivery/unprocessable-message';
import { InProcessMessageBus } from '../in-process/in-process-message-bus';
import { InProcessRpc } from '../in-process/in-process-rpc';
import { IncomingMessage, MESSAGE_BUS, Subscription } from '../message-bus.port';
import { RPC_SERVER } from '../rpc.port';
import { ServiceError } from '../service-error';
import { BusContext, BusServer, ConsumerGroupOptions } from './bus-server';
import { busServerProvider, withMessageHandlerConfig } from './connect-message-handlers';

const TOPIC = 'probe-events';
const seen: unknown[] = [];
const batchSizes: number[] = [];
const intercepted: string[] = [];

/** Reads the pattern the handler was reached by, around the handler: what an app's metrics or traces interceptor does. */
@Injectable()
class PatternRecorder implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const pattern = context.switchToRpc().getContext<BusContext>().pattern;
    return next.handle().pipe(tap(() => intercepted.push(pattern)));
  }
}

/** A pipe decoding a payload: a wrong one is refused as the service refuses bad input. */
class NameOf implements PipeTransform<unknown, string> {
  transform(payload: unknown): string {
    const name = (payload as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') throw new ServiceError('validation', 'The name is missing.', { name: ['must be a string'] });
    return name;
  }
}

@Controller()
class ProbeHandlers {
  @MessagePattern('probe.greet')
  @UseInterceptors(PatternRecorder)
  greet(@Payload(new NameOf()) name: string): { greeting: string } {
    return { greeting: `Hello, ${name}` };
  }

  @MessagePattern('probe.later')
  async later(payload: { after: number }): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, payload.after));
    return payload.after;
  }

  @EventPattern('probe.one-at-a-time', { topics: [TOPIC] } satisfies ConsumerGroupOptions)
  consume(message: IncomingMessage): void {
    if ((message.value as { bad?: boolean }).bad) throw new UnprocessableMessage('The probe cannot read this message.');
    seen.push(message.value);
  }

  @EventPattern('probe.batches', { topics: [TOPIC], batches: true } satisfies ConsumerGroupOptions)
  consumeBatch(messages: readonly IncomingMessage[]): void {
    batchSizes.push(messages.length);
  }
}

describe('BusServer: NestJS message handlers on the in-process bus', () => {
  let database: SqlDatabase;
  let bus: InProcessMessageBus;
  let rpc: InProcessRpc;
  let moduleRef: TestingModule;
  let handlers: INestMicroservice;

  beforeAll(async () => {
    database = openSqliteDatabase();
    bus = new InProcessMessageBus(database, { retry: { firstDelayMs: 5, maxDelayMs: 20, deadLetterAfterMs: 200 } });
    await bus.migrate();
    rpc = new InProcessRpc();
    moduleRef = await Test.createTestingModule({
      controllers: [ProbeHandlers],
      providers: [{ provide: MESSAGE_BUS, useValue: bus }, { provide: RPC_SERVER, useValue: rpc }, busServerProvider, PatternRecorder],
    }).compile();
    moduleRef.useLogger(false);
    await moduleRef.init();
    handlers = withMessageHandlerConfig(moduleRef.createNestMicroservice<MicroserviceOptions>({ strategy: moduleRef.get(BusServer) }));
    await handlers.listen();
  });

  afterAll(async () => {
    await moduleRef.close();
    await bus.close();
    await database.close();
  });

  it('answers a request through the pipes and interceptors of its handler', async () => {
    await expect(rpc.request('probe.greet', { name: 'Ada' })).resolves.toEqual({ greeting: 'Hello, Ada' });
    expect(intercepted).toEqual(['probe.greet']);
  });

  it('hands the error a handler or its pipe throws to the caller as it was thrown', async () => {
    const refusal = await rpc.request('probe.greet', { name: 42 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ServiceError);
    expect((refusal as ServiceError).toBody()).toEqual({ kind: 'validation', message: 'The name is missing.', errors: { name: ['must be a string'] } });
  });

  it('resolves to what an asynchronous handler answers', async () => {
    await expect(rpc.request('probe.later', { after: 20 })).resolves.toBe(20);
  });

  it('reads a consumer group’s topics: each message once, an unprocessable one to the dead letters, batches together', async () => {
    const deadLetters: unknown[] = [];
    const reader: Subscription = await bus.subscribe({ groupId: 'probe.dead-letters', topics: [`${TOPIC}.dlq`], handle: async ({ value }) => void deadLetters.push(value) });
    try {
      await bus.publish(TOPIC, [
        { key: 'a', value: { n: 1 } },
        { key: 'a', value: { bad: true } },
        { key: 'a', value: { n: 2 } },
      ]);
      await eventuallyPasses(() => expect(seen).toEqual([{ n: 1 }, { n: 2 }]));
      await eventuallyPasses(() => expect(deadLetters).toHaveLength(1));
      await eventuallyPasses(() => expect(batchSizes.reduce((sum, size) => sum + size, 0)).toBe(3));
    } finally {
      await reader.stop();
    }
  });

  it('stops reading when the application shuts down', async () => {
    await handlers.close();
    await bus.publish(TOPIC, [{ key: 'b', value: { n: 3 } }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).not.toContainEqual({ n: 3 });
  });
});
