export * from './posting-queue';
export * from './read-posting-queue';
export * from './slot-instants';
export * from './held-instant';
