import { eventually } from '@app/testing/eventually';
import { IncomingMessage } from '../message-bus.port';

/** How long a test waits for messages by default: a consumer group may take seconds to join a broker. */
const MESSAGES_TIMEOUT_MS = 10_000;

/** Collects what a consumer handled, so a test can wait for it and look at it. */
export class Inbox {
  readonly messages: IncomingMessage[] = [];

  constructor(private readonly react: (message: IncomingMessage) => Promise<void> | void = () => undefined) {}

  readonly handle = async (message: IncomingMessage): Promise<void> => {
    await this.react(message);
    this.messages.push(message);
  };

  async waitFor(count: number, timeoutMs = MESSAGES_TIMEOUT_MS): Promise<IncomingMessage[]> {
    await eventually(() => this.messages.length >= count, () => `${count} handled messages (got ${this.messages.length})`, { timeoutMs });
    return this.messages;
  }

  waitForValue(predicate: (value: unknown) => boolean, description: string): Promise<IncomingMessage> {
    return eventually(() => this.messages.find((message) => predicate(message.value)), description, { timeoutMs: MESSAGES_TIMEOUT_MS });
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
