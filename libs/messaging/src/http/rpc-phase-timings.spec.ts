import { rpcPhasesOf } from './rpc-phase-timings';

describe('rpcPhasesOf', () => {
  it("splits a request's time into the server's handler and the rest", () => {
    expect(rpcPhasesOf(12, 9)).toEqual({ transport: 3, handle: 9 });
  });

  it('never counts a transport below 0 (a handler measured a little longer than the whole, by rounding)', () => {
    expect(rpcPhasesOf(4, 5)).toEqual({ transport: 0, handle: 5 });
  });

  it('has nothing to say of a reply without its handler time', () => {
    expect(rpcPhasesOf(12, undefined)).toBeNull();
    expect(rpcPhasesOf(12, 'soon')).toBeNull();
  });
});
