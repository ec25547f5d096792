import { IncomingMessage } from '../message-bus.port';

/** Waits until `condition` holds, checking every 10 ms; fails with `description` after `timeoutMs`. */
export async function eventually(condition: () => boolean, description: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Collects what a consumer handled, so a test can wait for it and look at it. */
export class Inbox {
  readonly messages: IncomingMessage[] = [];

  constructor(private readonly react: (message: IncomingMessage) => Promise<void> | void = () => undefined) {}

  readonly handle = async (message: IncomingMessage): Promise<void> => {
    await this.react(message);
    this.messages.push(message);
  };

  async waitFor(count: number, timeoutMs?: number): Promise<IncomingMessage[]> {
    await eventually(() => this.messages.length >= count, `${count} messages were handled (got ${this.messages.length})`, timeoutMs);
    return this.messages;
  }

  async waitForValue(predicate: (value: unknown) => boolean, description: string): Promise<IncomingMessage> {
    await eventually(() => this.messages.some((message) => predicate(message.value)), description);
    return this.messages.find((message) => predicate(message.value))!;
  }

  values(): unknown[] {
    return this.messages.map((message) => message.value);
  }
}

/** A promise the test settles by hand. */
export class Gate {
  readonly opened: Promise<void>;
  open!: () => void;

  constructor() {
    this.opened = new Promise((resolve) => (this.open = resolve));
  }
}
