/**
 * A send that failed. `permanent` when trying again cannot help (an address the server refuses, a
 * browser that unsubscribed): the message is recorded as failed at once instead of retried.
 */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
