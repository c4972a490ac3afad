import type { FeatureModule } from '../../lib/feature-module';
import { rateLimits } from './rate-limits';
import { updateSignalsLeavingTheWindow } from './response-signals';
import { conversationRoutes } from './routes';

/**
 * Enquiries (issue 37): renters and listers talk inside Abode, where a scam can be seen and
 * reported, told live on each side's stream (features/live).
 */
export const conversationsFeature: FeatureModule = {
  name: 'conversations',
  errorCodes: [
    'conversation_not_found',
    'enquiry_needs_verified_contact',
    'own_listing_enquiry',
    'listing_rented',
    'conversation_blocked',
    'enquiries_limit',
    'messages_limit',
  ],
  rateLimits,
  sweeps: [
    {
      what: 'response signals of conversations leaving their 90 days',
      run: (_app, { db, clock }) => updateSignalsLeavingTheWindow(db, clock()),
    },
  ],
  register: async (app, { db, live, clock }) => {
    await app.register(conversationRoutes({ db, live, clock }));
  },
};
