import type { ReportStrings } from '../notifications';

/** The English words of reports's e-mails and SMS (../notifications.ts). */
export const en: ReportStrings = {
  listingHiddenForReports: {
    subject: 'Your listing is hidden while we review reports',
    hidden: (title) =>
      `Several renters reported “${title}”, so it is hidden from Abode while our team reviews the reports.`,
    next: 'We will tell you what we decide. You can still edit the listing; if the reports are mistaken, write to us through the support page.',
    button: 'Open my dashboard',
  },
  listingRemoved: {
    subject: 'Your listing was removed',
    removed: (title) =>
      `Our team reviewed renters’ reports of “${title}” and removed it from Abode.`,
    reason: 'The reason given:',
    button: 'Open my dashboard',
  },
  reportOutcome: {
    subject: 'About the listing you reported',
    removed: (title) =>
      `Thank you for your report. We reviewed “${title}” and removed it from Abode.`,
    kept: (title) =>
      `Thank you for your report. We reviewed “${title}” and found nothing against our rules, so it stays on Abode.`,
    advice:
      'Never pay a viewing fee, deposit or rent before you have seen the house and met the lister.',
  },
  sms: {
    hiddenForReports: (title, link) =>
      `Abode: “${title}” is hidden while we review renters’ reports. ${link}`,
    removed: (title, reason, link) => `Abode: “${title}” was removed: ${reason} ${link}`,
    reportRemoved: (title) => `Abode: thank you for your report. “${title}” was removed.`,
    reportKept: (title) =>
      `Abode: thank you for your report. We reviewed “${title}” and it stays on Abode.`,
  },
};
