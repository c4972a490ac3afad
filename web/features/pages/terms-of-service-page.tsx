import { LegalDocument } from './legal-document';

/** The twenty numbered sections of the terms of service (spec), in order; ids are the anchors. */
export const termsOfServiceSections = [
  'acceptance',
  'description-of-service',
  'eligibility-and-registration',
  'user-obligations',
  'host-obligations',
  'guest-obligations',
  'platform-limitations',
  'contact-policies',
  'intellectual-property',
  'privacy',
  'disclaimers-and-liability',
  'indemnification',
  'dispute-resolution',
  'termination',
  'force-majeure',
  'modifications',
  'severability',
  'entire-agreement',
  'contact',
  'additional-provisions',
] as const;

/** /terms-of-service: effective and last updated 7/25/2025 (spec). */
export default function TermsOfServicePage() {
  return (
    <LegalDocument
      document="terms"
      sections={termsOfServiceSections}
      effective="2025-07-25"
      updated="2025-07-25"
    />
  );
}
