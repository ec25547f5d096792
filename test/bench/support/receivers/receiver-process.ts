import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ReceivedRequest, ReceiverAnswer, ReceiverCommand } from './receiver-protocol';
import { errorMessage } from '@app/errors';

/**
 * Customers' webhook endpoints on 127.0.0.1, in a process of their own so that neither the
 * service nor the benchmark's timers share their event loop. Started by `Receivers` (fork);
 * each request is noted on arrival and answered 204, after the receiver's delay if it has one.
 */
const servers: Server[] = [];
let delaysMs: number[] = [];
let requests: ReceivedRequest[] = [];
let total = 0;
let seen = new Set<string>();
let distinctPerReceiver: number[] = [];

function receive(receiver: number, request: IncomingMessage, answer: (status: number) => void): void {
  const at = Date.now();
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('error', () => undefined);
  request.on('end', () => {
    const noted = note(receiver, at, Buffer.concat(chunks).toString('utf8'), request.headers['webhook-id']);
    total++;
    const key = `${receiver}|${noted.postUuid}|${noted.event}`;
    if (!seen.has(key)) {
      seen.add(key);
      distinctPerReceiver[receiver]!++;
    }
    requests.push(noted);
    const delay = delaysMs[receiver] ?? 0;
    if (delay > 0) setTimeout(() => answer(204), delay);
    else answer(204);
  });
}

function note(receiver: number, at: number, body: string, deliveryId: string | string[] | undefined): ReceivedRequest {
  let envelope: { event?: unknown; post?: { uuid?: unknown; published_at?: unknown } } = {};
  try {
    envelope = JSON.parse(body);
  } catch {
    // noted without its fields
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    receiver,
    at,
    event: text(envelope.event),
    postUuid: text(envelope.post?.uuid),
    publishedAt: text(envelope.post?.published_at),
    deliveryId: text(deliveryId),
  };
}

async function listen(count: number): Promise<string[]> {
  distinctPerReceiver = new Array<number>(count).fill(0);
  for (let receiver = 0; receiver < count; receiver++) {
    const server = createServer((request, response) => {
      response.on('error', () => undefined);
      receive(receiver, request, (status) => {
        if (!response.destroyed) response.writeHead(status).end();
      });
    });
    server.keepAliveTimeout = 60_000;
    server.on('clientError', (_error, socket) => socket.destroy());
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', 1024, listening));
    servers.push(server);
  }
  return servers.map((server, receiver) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${receiver}`);
}

async function answer(command: ReceiverCommand): Promise<ReceiverAnswer> {
  switch (command.type) {
    case 'listen':
      return { id: command.id, type: 'listening', urls: await listen(command.count) };
    case 'delays':
      delaysMs = [...command.delaysMs];
      return { id: command.id, type: 'done' };
    case 'counts':
      return { id: command.id, type: 'counts', counts: { total, distinct: seen.size, distinctPerReceiver: [...distinctPerReceiver] } };
    case 'take': {
      const taken = requests;
      requests = [];
      total = 0;
      seen = new Set();
      distinctPerReceiver = distinctPerReceiver.map(() => 0);
      return { id: command.id, type: 'taken', requests: taken };
    }
  }
}

process.on('message', (command: ReceiverCommand) => {
  answer(command).then(
    (reply) => process.send!(reply),
    (error: unknown) => process.send!({ id: command.id, type: 'failed', message: errorMessage(error) }),
  );
});
// The benchmark ended (or crashed): nothing is left to receive for.
process.on('disconnect', () => process.exit(0));
