import { describe, expect, it } from 'vitest';
import { messageWarningsOf } from './payment-warnings';
import { readingsOf, unmask } from './text-unmask';

const warned = ['payment_before_viewing'];
const zwsp = '\u200b';
const zwj = '\u200d';
const softHyphen = '\u00ad';
const rlm = '\u200f';

/**
 * What a scammer who knows the warning's words writes instead (issue 50): each must still be
 * warned on. Every line hides the only words that would warn (a request, a mobile money brand,
 * or a Ghanaian number beside a money word).
 */
const disguises: string[] = [
  // Format characters inside words.
  `Pay the view${zwsp}ing fee first`,
  `M${zwsp}o${zwsp}M${zwsp}o only`,
  `I accept mo${zwj}mo`,
  `The vie${softHyphen}wing fee is 100`,
  `Send the de${rlm}posit to hold it`,
  `trans${zwsp}fer it today`,
  `mobile${zwsp} money is fine`,
  // Cyrillic and Greek look-alikes.
  'МоМо only', // Cyrillic М, о
  'Pay the vіewing fee', // Cyrillic і
  'Send a dеposit to hold the room', // Cyrillic е
  'ΡΑΥ FΙRST', // Greek capitals
  'Use mοmο please', // Greek omicron
  'Тhe bооking fее is 200', // Cyrillic Т, о, е
  'trаnsfеr to me', // Cyrillic а, е
  // Full-width and styled letters.
  'ｍｏｍｏ　ｏｎｌｙ',
  'ｐａｙ ｆｉｒｓｔ',
  '𝐯𝐢𝐞𝐰𝐢𝐧𝐠 𝐟𝐞𝐞 is 50 cedis',
  '𝓜𝓸𝓜𝓸 number',
  'Ⓜⓞⓜⓞ',
  // Separators inside words.
  'p.a.y f.i.r.s.t',
  'the f-e-e for viewing is 100, v-i-e-w-i-n-g f-e-e',
  'm o m o',
  'M.O.M.O',
  'm_o_m_o please',
  'm*o*m*o',
  'b.o.o.k.i.n.g f.e.e',
  't-r-a-n-s-f-e-r',
  'd.e.p.o.s.i.t to hold it',
  // Digits as words, or spaced out, beside a money word.
  'Pay to zero two four one two three four five six seven',
  'The cash goes to zero five five, one two three, four five six seven',
  'Paga a cero dos cuatro uno dos tres cuatro cinco seis siete',
  'Payez au zéro deux quatre un deux trois quatre cinq six sept',
  'Zahlen an null zwei vier eins zwei drei vier fünf sechs sieben',
  '付款到零二四一二三四五六七',
  'Send the money... I mean the cash: 0 2 4 1 2 3 4 5 6 7',
  'Pay 200 to O24l234567',
  'fee to 0.2.4.1.2.3.4.5.6.7',
  // Several at once.
  `p.${zwsp}a.y the vіеwing f-e-e`,
  'ＭｏＭｏ oh two four one two three four five six seven',
  'vi\u0435wing fee', // a Cyrillic е inside a Latin word
  'depósito para rеservar', // Cyrillic е inside Spanish
  'frais de vіsite', // Cyrillic і inside French
];

/** Ordinary messages, eight in each language: none is warned on. */
const ordinary: string[] = [
  'Hello, is the flat still available? I could come on Saturday morning.',
  'Can I see the house on Tuesday after 4 pm?',
  'We are two students looking for a 2 in 1 near Legon.',
  'Thank you, I will be there at 10. My name is Kofi.',
  'Is water included, or is there a polytank?',
  'How far is it from the Spintex Road junction?',
  'I saw it with the agent yesterday; we sign the agreement next week.',
  'Does the room have one bed or two beds?',
  'Hola, ¿sigue disponible el apartamento? Podría ir el sábado.',
  '¿Puedo visitar la casa el martes por la tarde?',
  'Somos dos estudiantes buscando una habitación cerca de la universidad.',
  'Gracias, estaré allí a las diez.',
  '¿El agua está incluida en el alquiler?',
  '¿Cuántos dormitorios tiene la casa?',
  'Me gusta mucho la cocina, ¿es nueva?',
  '¿Hay aparcamiento para un coche?',
  "Bonjour, l'appartement est-il toujours disponible ? Je peux passer samedi.",
  'Puis-je visiter la maison mardi après-midi ?',
  'Nous sommes deux étudiants, y a-t-il une chambre pour deux ?',
  "Merci, j'y serai à dix heures.",
  "L'eau est-elle comprise dans le loyer ?",
  'Combien de chambres a la maison ?',
  'La cuisine est très belle, elle est neuve ?',
  'Y a-t-il un parking pour une voiture ?',
  'Hallo, ist die Wohnung noch frei? Ich könnte am Samstag kommen.',
  'Kann ich das Haus am Dienstag nach 16 Uhr ansehen?',
  'Wir sind zwei Studenten und suchen ein Zimmer nahe der Uni.',
  'Danke, ich bin um zehn Uhr da.',
  'Ist das Wasser in der Miete enthalten?',
  'Wie viele Schlafzimmer hat das Haus?',
  'Die Küche sieht schön aus, ist sie neu?',
  'Gibt es einen Parkplatz für ein Auto?',
  '你好，房子还在出租吗？我周六可以来看。',
  '我可以周二下午去看房吗？',
  '我们是两个学生，想找一间双人房。',
  '谢谢，我十点到。',
  '房租包括水费吗？',
  '房子有几个卧室？',
  '厨房很漂亮，是新的吗？',
  '有停车位吗？',
];

describe('content checks read through disguises (issue 50)', () => {
  it('has at least 40 disguises and 40 ordinary messages, eight in each of five languages', () => {
    expect(disguises.length).toBeGreaterThanOrEqual(40);
    expect(ordinary.length).toBeGreaterThanOrEqual(40);
  });

  it.each(disguises)('warns on a disguised request: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual(warned);
  });

  it.each(ordinary)('does not warn on an ordinary message: %s', (body) => {
    expect(messageWarningsOf(body)).toEqual([]);
  });
});

describe('unmask', () => {
  it.each([
    [`mo${zwsp}mo`, 'momo'],
    ['МоМо', 'momo'],
    ['ｐａｙ', 'pay'],
    ['p.a.y the f-e-e', 'pay the fee'],
    ['call zero two four one two three four five six seven, please', 'call 0241234567, please'],
    ['O24l234567', '0241234567'],
    ['零二四一二三四五六七', '0241234567'],
  ])('reads %s as %s', (text, expected) => {
    expect(unmask(text)).toBe(expected);
  });

  it('leaves ordinary numbers and short words alone', () => {
    expect(unmask('I have one bedroom and two baths, a 2 in 1')).toBe(
      'i have one bedroom and two baths, a 2 in 1',
    );
  });

  it('gives the text as written and, when it differs, unmasked', () => {
    expect(readingsOf('plain words')).toEqual(['plain words']);
    expect(readingsOf(`mo${zwsp}mo`)).toEqual([`mo${zwsp}mo`, 'momo']);
  });
});
