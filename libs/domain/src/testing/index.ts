/** For tests only (`@app/domain/testing`): a post's sample data, commands and events. The specifications that drive the decider and the body rules are imported from their files by the domain's own tests. */
export * from './post-fixtures';
