/**
 * Abode's social accounts, shown in the footer and on the contact page; they open in a new
 * tab (spec). Brand names stay as they are in every language.
 */
export const socialLinks = [
  { name: 'Instagram', href: 'https://www.instagram.com/abode' },
  { name: 'Facebook', href: 'https://www.facebook.com/abode' },
  { name: 'X', href: 'https://x.com/abode' },
  { name: 'Snapchat', href: 'https://www.snapchat.com/add/abode' },
  { name: 'TikTok', href: 'https://www.tiktok.com/@abode' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/abode' },
  { name: 'YouTube', href: 'https://www.youtube.com/@abode' },
] as const;
