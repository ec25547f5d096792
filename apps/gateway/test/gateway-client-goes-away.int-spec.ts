import { Logger } from '@nestjs/common';
import { connect } from 'node:net';
import { eventually } from '@app/testing/eventually';
import { BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/** A client that closes its connection before its request body has arrived is nobody's failure: no error in the log. */
describe('gateway: a client that goes away mid-body (SQLite)', () => {
  let gateway: GatewayTestApp;
  let errors: jest.SpyInstance;
  let debugLines: jest.SpyInstance;

  beforeAll(async () => (gateway = await startGatewayTestApp()));
  beforeEach(() => {
    errors = jest.spyOn(Logger.prototype, 'error');
    debugLines = jest.spyOn(Logger.prototype, 'debug');
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => gateway?.dispose());

  /** Sends the head of a request and part of its body, then closes the connection. */
  const sendHalfThenLeave = (head: string, bodyStart: string) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(gateway.url).port), '127.0.0.1', () => {
        socket.write(`${head}\r\n\r\n${bodyStart}`);
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    });

  it.each([
    ['with a bearer token', `POST /api/panel/workspaces HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${BOOTSTRAP_ADMIN_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100`],
    ['at sign-in', 'POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100'],
  ])('logs a JSON body cut off %s at debug level, not as an error', async (_case, head) => {
    await sendHalfThenLeave(head, '{"name":');
    const wentAway = () => debugLines.mock.calls.some(([message]) => String(message).includes('the client went away before its request arrived'));
    await eventually(wentAway, 'the debug line of the request cut off');
    expect(errors).not.toHaveBeenCalled();
  });
});
