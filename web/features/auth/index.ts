/**
 * What other parts of the web app use of auth (docs/design.md, import boundaries): who the
 * reader is and the session (read again after a refused change), where a new account goes, the
 * admin pages' door, and the pieces of the password and validation forms that the account and
 * admin settings share.
 */
export {
  currentUserKey,
  destinationAfterRegistration,
  destinationAfterSignUp,
  pendingVerification,
  useCurrentUser,
  useLogout,
  watchSession,
} from './api';
export { AccessDenied, AdminOnly } from './admin-access';
export { markCodeSent } from './code-sent';
export { localizeValidationMessage } from './messages';
export { PasswordChangeFields } from './password-change-fields';
export { recheckSession } from './recheck-session';
