import { rpcPhasesOf, RpcTimingHeaders } from './rpc-phase-timings';

describe('the phases of a request/reply', () => {
  const headers = (receivedAt: number, handledMs: number) => ({ [RpcTimingHeaders.receivedAt]: String(receivedAt), [RpcTimingHeaders.handledMs]: String(handledMs) });

  it('splits the time between writing the request, reaching the server, the handler and the reply', () => {
    expect(rpcPhasesOf({ startedAt: 1_000, producedAt: 1_003, repliedAt: 1_020, headers: headers(1_005, 9) })).toEqual({ produce: 3, to_server: 2, handle: 9, reply: 6 });
  });

  it('never shows a phase below zero when the server clock runs ahead or behind', () => {
    expect(rpcPhasesOf({ startedAt: 1_000, producedAt: 1_003, repliedAt: 1_020, headers: headers(990, 9) })).toEqual({ produce: 3, to_server: 0, handle: 9, reply: 21 });
    expect(rpcPhasesOf({ startedAt: 1_000, producedAt: 1_003, repliedAt: 1_020, headers: headers(1_030, 9) })).toEqual({ produce: 3, to_server: 27, handle: 9, reply: 0 });
  });

  it('has nothing to say of a reply without timings (a server of an earlier build)', () => {
    expect(rpcPhasesOf({ startedAt: 1_000, producedAt: 1_003, repliedAt: 1_020, headers: {} })).toBeNull();
  });
});
