import { LegalDocument } from './legal-document';

/** The twelve numbered sections of the privacy policy (spec), in order; ids are the anchors. */
export const privacyPolicySections = [
  'introduction',
  'information-we-collect',
  'how-we-use-information',
  'sharing-and-disclosure',
  'data-security',
  'data-retention',
  'your-rights-and-choices',
  'international-transfers',
  'childrens-privacy',
  'state-specific-rights',
  'policy-changes',
  'contact-us',
] as const;

/** /privacy-policy: effective and last updated 7/26/2025 (spec). */
export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      document="privacy"
      sections={privacyPolicySections}
      effective="2025-07-26"
      updated="2025-07-26"
    />
  );
}
