/** A run that cannot give figures, for a reason the message states; printed without a stack. */
export class BenchFailure extends Error {}
