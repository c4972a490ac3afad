/**
 * What other parts of the web app use of conversations (issue 37): the unread count and the
 * live updates (the header, the dashboard), the lister's response time (the dashboard) and the
 * enquiry form (the contact page).
 */
export { useConversationUpdates, useUnreadCount } from './unread';
export { formatResponseMinutes, useOwnResponseTime } from './response-time';
export { EnquiryForm } from './lazy-enquiry-form';
