import type { PostCommandMessage } from '../post-command-message';
import { messageReader } from './message-reader';

/** The one reader of `post-commands` messages: the command, or DecodeError naming the first field that is not what the contract says. */
export const decodePostCommandMessage = messageReader<PostCommandMessage>('PostCommandMessage', 'message');
