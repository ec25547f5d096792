/** For tests only (`@app/contracts/testing`): valid messages of the contract, for tests of their readers. */
export * from './post-event-messages';
export * from './account-event-messages';
