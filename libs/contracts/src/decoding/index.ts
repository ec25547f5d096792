export { DecodeError } from './message-reader';
export * from './decode-post-requests';
export * from './decode-post-command-message';
export * from './decode-account-event-message';
