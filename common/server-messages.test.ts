import { describe, expect, it } from 'vitest';
import {
  matchServerMessage,
  serverMessage,
  serverMessages,
  type ServerMessageKey,
} from './server-messages';

describe('server messages', () => {
  it('fills in the values of a message', () => {
    expect(serverMessage('featuredLimit', { max: 50 })).toBe('At most 50 listings can be featured');
    expect(serverMessage('editedVideoInfected', { signature: 'Eicar-Signature' })).toBe(
      'The edited video did not pass the virus scan (Eicar-Signature). Nothing was stored.',
    );
  });

  // The web app shows each message in the reader's language only if it recognises it.
  it('recognises every message the server writes, with its values', () => {
    for (const key of Object.keys(serverMessages) as ServerMessageKey[]) {
      const params = { max: 12, signature: 'Win.Test.EICAR_HDB-1' };
      const match = matchServerMessage(serverMessage(key, params));
      expect(match?.key, key).toBe(key);
      for (const value of Object.values(match?.params ?? {})) {
        expect(['12', 'Win.Test.EICAR_HDB-1']).toContain(value);
      }
    }
  });

  it('does not recognise other text, or a message with more around it', () => {
    expect(matchServerMessage('Something else went wrong')).toBeUndefined();
    expect(matchServerMessage('Note: This video is already approved')).toBeUndefined();
    expect(matchServerMessage('At most  listings can be featured')).toBeUndefined();
  });
});
