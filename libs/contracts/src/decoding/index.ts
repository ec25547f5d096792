export { DecodeError } from './decode';
export { decodePostView } from './decode-post-view';
export * from './decode-post-requests';
export * from './decode-post-command-message';
export * from './decode-account-event-message';
