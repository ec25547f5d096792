import { Logger } from '@nestjs/common';
import { ServiceError } from '../service-error';
import { RpcFailures } from '../rpc.port';
import { InProcessRpc } from './in-process-rpc';

describe('InProcessRpc', () => {
  let rpc: InProcessRpc;
  let loggedErrors: jest.SpyInstance;

  beforeEach(() => {
    rpc = new InProcessRpc();
    loggedErrors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  const failureOf = async (reply: Promise<unknown>): Promise<ServiceError> => {
    const error = await reply.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  };

  it('calls the handler of the method and returns its result', async () => {
    rpc.handle('sums.add', async (payload) => {
      const { a, b } = payload as { a: number; b: number };
      return { sum: a + b };
    });
    rpc.handle('sums.other', async () => ({ sum: -1 }));

    await expect(rpc.request('sums.add', { a: 2, b: 3 })).resolves.toEqual({ sum: 5 });
  });

  it('hands the handler a copy of the payload and the caller a copy of the result, as a wire would', async () => {
    const stored = { tags: ['a'], at: new Date('2030-01-02T03:04:05.000Z') };
    let received: { tags: string[]; at: unknown } | undefined;
    rpc.handle('things.echo', async (payload) => {
      received = payload as typeof received;
      received!.tags.push('changed by the handler');
      return stored;
    });
    const payload = { tags: ['x'], at: new Date('2030-01-01T00:00:00.000Z'), missing: undefined };

    const reply = await rpc.request<{ tags: string[]; at: unknown }>('things.echo', payload);

    expect(payload.tags).toEqual(['x']);
    expect(received).toEqual({ tags: ['x', 'changed by the handler'], at: '2030-01-01T00:00:00.000Z' });
    expect(reply).toEqual({ tags: ['a'], at: '2030-01-02T03:04:05.000Z' });
    reply.tags.push('changed by the caller');
    expect(stored.tags).toEqual(['a']);
  });

  it('passes an absent payload and an absent result through', async () => {
    let received: unknown = 'not called';
    rpc.handle('things.touch', async (payload) => {
      received = payload;
    });

    await expect(rpc.request('things.touch', undefined)).resolves.toBeUndefined();
    expect(received).toBeUndefined();
  });

  it('rethrows a ServiceError of the handler at the caller with the same kind, message and errors', async () => {
    rpc.handle('posts.create', async () => {
      throw new ServiceError('validation', 'Validation errors.', { text: ['The text field is required.'] });
    });

    const error = await failureOf(rpc.request('posts.create', {}));

    expect(error.toBody()).toEqual({ kind: 'validation', message: 'Validation errors.', errors: { text: ['The text field is required.'] } });
    expect(loggedErrors).not.toHaveBeenCalled();
  });

  it('turns any other failure into unavailable for the caller and logs it with its stack on the server side', async () => {
    rpc.handle('posts.get', async () => {
      throw new Error('connection refused: secret-host:5432');
    });

    const error = await failureOf(rpc.request('posts.get', {}));

    expect(error.toBody()).toEqual({ kind: 'unavailable', message: RpcFailures.handlerFailed });
    expect(error.message).not.toContain('secret-host');
    expect(loggedErrors).toHaveBeenCalledWith(expect.stringContaining('connection refused'), expect.stringContaining('Error: connection refused'));
  });

  it('treats a result that cannot travel as JSON as a failure of the server', async () => {
    rpc.handle('things.cyclic', async () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      return cyclic;
    });

    expect((await failureOf(rpc.request('things.cyclic', {}))).kind).toBe('unavailable');
    expect(loggedErrors).toHaveBeenCalled();
  });

  it('answers unavailable when no handler serves the method', async () => {
    const error = await failureOf(rpc.request('posts.nobody', {}));

    expect(error.toBody()).toEqual({ kind: 'unavailable', message: RpcFailures.notAvailable });
  });

  it('answers unavailable when the handler does not answer within the timeout', async () => {
    rpc.handle('posts.slow', () => new Promise((resolve) => setTimeout(resolve, 1_000)));

    const started = Date.now();
    const error = await failureOf(rpc.request('posts.slow', {}, { timeoutMs: 50 }));

    expect(error.toBody()).toEqual({ kind: 'unavailable', message: 'The service did not answer in time.' });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('waits 10 seconds by default before giving up', async () => {
    jest.useFakeTimers();
    try {
      rpc.handle('posts.stuck', () => new Promise(() => undefined));
      const reply = failureOf(rpc.request('posts.stuck', {}));

      await jest.advanceTimersByTimeAsync(9_999);
      let settled = false;
      void reply.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);

      await jest.advanceTimersByTimeAsync(1);
      expect((await reply).message).toBe(RpcFailures.timedOut);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a second handler for the same method', () => {
    rpc.handle('posts.create', async () => undefined);

    expect(() => rpc.handle('posts.create', async () => undefined)).toThrow('RPC method "posts.create" already has a handler.');
  });
});
