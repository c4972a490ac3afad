/** Where people can write to Abode: the contact page's cards and mail links. */
export const contactAddresses = {
  general: 'hello@abode.example',
  support: 'support@abode.example',
  landlords: 'landlords@abode.example',
  technical: 'tech@abode.example',
  legal: 'privacy@abode.example',
} as const;
export type ContactAddress = keyof typeof contactAddresses;
