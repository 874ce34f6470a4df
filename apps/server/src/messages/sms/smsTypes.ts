/** Anything that delivers a text message to an E.164 number. */
export interface SmsProvider {
  /** Where SMS go, for the start-up banner. */
  readonly where: string;
  /** Sends; resolves with the provider's id of the message. */
  send(sms: { deliveryId: number; to: string; body: string; signal?: AbortSignal }): Promise<string>;
}
