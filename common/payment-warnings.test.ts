import { describe, expect, it } from 'vitest';
import { messageWarnings, messageWarningsOf } from './payment-warnings';

const warned = ['payment_before_viewing'];

describe('messageWarningsOf', () => {
  it('has one warning, payment_before_viewing', () => {
    expect(messageWarnings).toEqual(['payment_before_viewing']);
  });

  it.each([
    'Please pay the viewing fee of GH₵ 100 before I show you the house.',
    'There is an inspection fee of 50 cedis.',
    'You have to pay before the viewing.',
    'Send it before you see the place, many people want it.',
    'Send a deposit to hold the apartment for you.',
    'A deposit of GH₵ 500 to reserve the room, then we talk.',
    'The booking fee is 200.',
    'Pay first, then we arrange the inspection.',
    'Send the money and I will bring the keys.',
    'Use transfer to my account please.',
  ])('warns on an English request for money before a viewing: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual(warned);
  });

  it.each([
    'I accept MoMo only.',
    'Pay through mobile money.',
    'My Vodafone Cash is ready.',
    'Telecel Cash or AirtelTigo Money, both fine.',
    'Airtel-Tigo money accepted',
    'MTN MoMo number please',
  ])('warns on a mobile money brand on its own: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual(warned);
  });

  it.each(['viewing fee', 'viewing-fee', 'viewingfee', 'VIEWING   FEE', 'Viewing Fee?'])(
    'is tolerant of case, hyphens and spaces: %s',
    (body) => {
      expect(messageWarningsOf(body)).toEqual(warned);
    },
  );

  it.each([
    'Hay una tarifa de visita de 50 cedis.',
    'Tiene que pagar antes de la visita.',
    'Necesito un depósito para reservar el apartamento.',
    'NECESITO UN DEPOSITO PARA RESERVAR',
  ])('warns in Spanish: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual(warned);
  });

  it.each([
    'Les frais de visite sont de 100 cedis.',
    'Vous devez payer avant la visite.',
    'Envoyez un acompte pour réserver la chambre.',
    'Payez d’abord, ensuite on se voit.',
  ])('warns in French: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual(warned);
  });

  it.each([
    'Die Besichtigungsgebühr beträgt 100 Cedi.',
    'Besichtigungsgebuehr bitte vorher.',
    'Sie müssen vor der Besichtigung überweisen.',
    'Bitte eine Anzahlung zur Reservierung der Wohnung.',
  ])('warns in German: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual(warned);
  });

  it.each([
    '看房费100塞地。',
    '请在看房前付款。',
    '先交定金。',
    '押金可以预留房子。',
    '请用手机钱包。',
  ])('warns in Chinese: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual(warned);
  });

  it.each([
    'Send GH₵ 200 to 0241234567 and I will show you the room.',
    'Pay GH₵ 200 to 055-123-4567.',
    'Kindly send 300 cedis to +233 24 123 4567 to come and see it.',
    'Send 200 to 020.123.4567 today.',
    'The fee goes to +233 (0)27 123 4567.',
    'GHS 150, number 233541234567',
    'Deposit to 00233 59 123 4567',
    'Pague 200 cedis al 0571234567.',
    'Payez 200 cedis au 050 123 4567.',
    'Bitte 200 Cedi an 0261234567 zahlen.',
    '请付款到０２４１２３４５６７',
  ])('warns on a Ghanaian mobile number with a money word: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual(warned);
  });

  it.each([
    '',
    'Call me on 0241234567 to arrange a viewing.',
    'My number is +233 24 123 4567, call me when you reach the junction.',
    'Send me a WhatsApp on 024 123 4567 and we can fix a time to view.',
    'Feel free to call 055 123 4567 on Saturday.',
    'How much is the deposit?',
    'The rent is GH₵ 2,000 a month, 12 months advance.',
    'We sign the tenancy agreement after the viewing, then you pay the rent advance.',
    'Is the deposit refundable when I move out?',
    'Pay the rent at the office, 030 212 3456.',
    'Can I see the house on Saturday morning?',
    '¿Cuánto es el depósito?',
    'Vous payez le loyer après la visite et la signature du bail.',
    'Ich schlage vor, nach der Besichtigung zu zahlen.',
    '免费看房，请打0241234567。',
  ])('does not warn on an ordinary message: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual([]);
  });
});
