export * from './media-store.port';
export * from './media-bytes';
export * from './media-type';
export * from './file-media-store';
export * from './postgres-media-store';
export * from './signed-media-address';
export * from './mp4-duration';
