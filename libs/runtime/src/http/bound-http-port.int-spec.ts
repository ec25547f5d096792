import { Controller, Get, Module, OnModuleInit } from '@nestjs/common';
import { ConfigError, loadConfig } from '@app/config';
import { connect, createServer, Server } from 'node:net';
import { BoundHttpPort } from './bound-http-port';
import { createHttpApp } from './http-app';

/** Released by the test: the module's start (a migration, a consumer joining) takes until then. */
let releaseStart: () => void = () => undefined;

@Controller()
class HelloController {
  @Get('hello')
  hello(): { hello: string } {
    return { hello: 'world' };
  }
}

@Module({ controllers: [HelloController] })
class SlowStartingApp implements OnModuleInit {
  onModuleInit(): Promise<void> {
    return new Promise((resolve) => (releaseStart = resolve));
  }
}

const { http: limits } = loadConfig({});

/** The status of GET /hello on 127.0.0.1:port, or the error code of the connection (ECONNREFUSED). */
async function get(port: number, host = '127.0.0.1'): Promise<{ status: number; body: unknown } | string> {
  try {
    const response = await fetch(`http://${host}:${port}/hello`, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, body: await response.json() };
  } catch (error) {
    return ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? String(error);
  }
}

/** The error code of a new connection to 127.0.0.1:port, or null when it connects. */
function connectionError(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(null)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

function listenOn(host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

describe('BoundHttpPort: an app\'s port, bound before anything of the app starts', () => {
  it('answers 503 while the app starts (its modules still starting), then hands the requests to the app; closing the app closes the port', async () => {
    const port = await BoundHttpPort.bind('127.0.0.1', 0, limits);
    const portNumber = (port.server.address() as { port: number }).port;
    expect(await get(portNumber)).toEqual({ status: 503, body: { message: 'The service is starting; try again in a moment.' } });

    const app = await createHttpApp(SlowStartingApp, false, { port });
    const serving = port.serve(app);
    expect(await get(portNumber)).toEqual({ status: 503, body: { message: 'The service is starting; try again in a moment.' } });

    releaseStart();
    await serving;
    expect(await get(portNumber)).toEqual({ status: 200, body: { hello: 'world' } });

    await app.close();
    expect(port.server.listening).toBe(false);
    expect(await connectionError(portNumber)).toBe('ECONNREFUSED');
  });

  it('a port another process holds: a ConfigError naming the address and the setting to change', async () => {
    const holder = await listenOn('127.0.0.1', 0);
    const taken = (holder.address() as { port: number }).port;
    try {
      const bind = BoundHttpPort.bind('127.0.0.1', taken, limits);
      await expect(bind).rejects.toThrow(ConfigError);
      await expect(bind).rejects.toThrow(`Cannot listen on 127.0.0.1:${taken}: another process is using port ${taken}. Set PORT to a free port, or stop the other process.`);
    } finally {
      holder.close();
    }
  });

  it('a HOST that is not an address of this machine: a ConfigError naming HOST', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine. Binding sends nothing.
    await expect(BoundHttpPort.bind('192.0.2.1', 0, limits)).rejects.toThrow('Cannot listen on 192.0.2.1:0: HOST 192.0.2.1 is not an address of this machine.');
  });

  it('bound on 127.0.0.1, it is not reached on another address of this machine (127.0.0.2); bound on 0.0.0.0 it is', async () => {
    const loopbackOnly = await BoundHttpPort.bind('127.0.0.1', 0, limits);
    const everywhere = await BoundHttpPort.bind('0.0.0.0', 0, limits);
    try {
      const loopbackPort = (loopbackOnly.server.address() as { port: number }).port;
      const everywherePort = (everywhere.server.address() as { port: number }).port;
      expect(await get(loopbackPort, '127.0.0.1')).toMatchObject({ status: 503 });
      expect(await get(loopbackPort, '127.0.0.2')).toBe('ECONNREFUSED');
      expect(await get(everywherePort, '127.0.0.2')).toMatchObject({ status: 503 });
    } finally {
      loopbackOnly.server.close();
      everywhere.server.close();
    }
  });
});
