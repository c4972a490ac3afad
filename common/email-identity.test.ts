import { describe, expect, it } from 'vitest';
import { emailIdentity } from './email-identity';

describe('emailIdentity', () => {
  it('lower-cases and drops a +tag at any domain', () => {
    expect(emailIdentity('Ama.Owusu+rent1@Example.COM')).toBe('ama.owusu@example.com');
    expect(emailIdentity('ama.owusu+a+b@example.com')).toBe('ama.owusu@example.com');
    expect(emailIdentity(' kofi@abode.test ')).toBe('kofi@abode.test');
  });

  it('ignores dots at Gmail, and googlemail.com is gmail.com', () => {
    expect(emailIdentity('a.m.a+x@gmail.com')).toBe('ama@gmail.com');
    expect(emailIdentity('A.ma@GoogleMail.com')).toBe('ama@gmail.com');
    // Elsewhere a dot is part of the name.
    expect(emailIdentity('a.ma@yahoo.com')).not.toBe(emailIdentity('ama@yahoo.com'));
  });

  it('leaves a name that is only a tag, and text without @, as they are', () => {
    expect(emailIdentity('+tag@example.com')).toBe('+tag@example.com');
    expect(emailIdentity('not-an-address')).toBe('not-an-address');
  });
});
