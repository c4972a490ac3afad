import { describe, expect, it } from 'vitest';
import { contentFlagsOf } from './content-checks';

// What a review or a lister's answer may not carry before an administrator reads it (issue 50).
describe('contentFlagsOf', () => {
  it.each([
    ['Call me on 024 123 4567', ['phone_number']],
    ['Call zero two four one two three four five six seven', ['phone_number']],
    ['WhatsApp +233 (0)55-123-4567', ['phone_number']],
    ['Write to kofi.homes@gmail.com', ['email_address', 'link']],
    ['Write to kofi dot homes (at) gmail . com', ['email_address']],
    ['Write to kofi.homes (at) gmail.com', ['email_address', 'link']],
    ['See www.cheap-rooms.example', ['link']],
    ['Book at https://bit.ly/abc', ['link']],
    ['Message wa.me/233241234567', ['phone_number', 'link']],
    ['Pay the viewing fee first', ['payment_request']],
    ['Send it by MоMо', ['payment_request']],
  ])('flags %s', (text, flags) => {
    expect(contentFlagsOf(text)).toEqual(flags);
  });

  it.each([
    'Clean and quiet, exactly as the photos show.',
    'A 2 in 1 room for GH₵ 2,500 a month, 12 months advance, as listed.',
    'Ten minutes from the Spintex Road junction; the 3rd floor has a balcony.',
    'The landlord answered within an hour and showed us round on Saturday at 10:30.',
    'Kofi was friendly. No money was asked before the viewing.',
  ])('lets ordinary words through: %s', (text) => {
    expect(contentFlagsOf(text)).toEqual([]);
  });
});
