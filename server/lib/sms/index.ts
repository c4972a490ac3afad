import type { SmsConfig } from '../../config';
import type { SmsProvider } from '../notifier';

/**
 * The SMS provider SMS_PROVIDER names, with its keys from the config; undefined for none (text
 * messages then stay in the outbox). Each driver is imported only when chosen, so a server
 * without SMS never loads either vendor's SDK.
 */
export async function createSmsProvider(config: SmsConfig): Promise<SmsProvider | undefined> {
  switch (config.provider) {
    case 'none':
      return undefined;
    case 'twilio': {
      const { createTwilioProvider } = await import('./twilio');
      return createTwilioProvider(config);
    }
    case 'africastalking': {
      const { createAfricasTalkingProvider } = await import('./africastalking');
      return createAfricasTalkingProvider(config);
    }
  }
}
