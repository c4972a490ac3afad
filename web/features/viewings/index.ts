/**
 * What other parts of the web app use of viewings (issue 38): the listing forms' "Viewing
 * hours" (the wizard saves them once the listing exists), the dashboard's section. The pages
 * (booking, one viewing, all of them) are routes of their own.
 */
export { noViewingHours, ViewingHoursFields } from './viewing-hours-fields';
export { ViewingHoursSection } from './viewing-hours-section';
export { ViewingsSection } from './viewings-section';
export { ToAnswerSection } from './to-answer-section';
export { saveViewingHours } from './api';
export { viewingHoursProblems } from './hours-check';
// What waits for a lister's answer: the header's badge, the dashboard (issue 51).
export { toAnswerTotal, useToAnswer } from './to-answer';
