// The part of the official `africastalking` package (0.8) that server/lib/sms/africastalking.ts
// uses; the package ships no types. Read from its lib/index.js and lib/sms.js.
declare module 'africastalking' {
  /** One recipient of SMS.send's answer (HTTP 201). */
  export type SmsRecipient = {
    /** 100 Processed, 101 Sent, 102 Queued; 4xx and 5xx: refused (see the driver). */
    statusCode: number;
    /** The status's name: Success, InvalidPhoneNumber, UserInBlacklist, … */
    status: string;
    number: string;
    cost?: string;
    messageId?: string;
  };
  export type SmsAnswer = {
    SMSMessageData: { Message: string; Recipients: SmsRecipient[] };
  };
  export type Client = {
    SMS: {
      /** POST {api}/version1/messaging; resolves on 201, rejects with axios's error otherwise. */
      send(params: { to: string | string[]; message: string; from?: string }): Promise<SmsAnswer>;
    };
  };
  /** username `sandbox` switches every client of the process to the sandbox API. */
  export default function africastalking(options: {
    username: string;
    apiKey: string;
    format?: 'json' | 'xml';
  }): Client;
}
