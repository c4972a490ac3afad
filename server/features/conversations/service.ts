/**
 * What other features use of conversations (eslint.config.js serverFeatures): the reports
 * feature attaches the conversation a report was sent from, after checking the reporter is one
 * of its parties, and shows its messages to the administrator reading that report.
 */
export { conversations } from './schema';
export { partyConversation } from './conversations';
export { conversationForReview } from './review';
