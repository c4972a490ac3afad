/**
 * What other features use of conversations (eslint.config.js serverFeatures): the reports
 * feature attaches the conversation a report was sent from, after checking the reporter is one
 * of its parties, and shows its messages to the administrator reading that report; viewings
 * record their steps in the pair's conversation.
 */
export { conversations } from './schema';
// A listing's figures (listing-stats) tell enquiries from conversations a viewing request began.
export { conversationMessages } from './schema';
// Viewings (issue 38) add their steps to the pair's conversation as event lines.
export { recordEvent, recordEventIn, type ConversationDeps } from './conversations';
export { partyConversation } from './parties';
export { conversationForReview } from './review';
// Viewings' notices name the other party as reminders do: never a name with a MoMo number.
export { relayableName } from './unread-reminders';
// The dashboard's and the header's count of enquiries to answer (issue 51).
export { unansweredEnquiriesOf } from './inbox';
