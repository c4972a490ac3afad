/**
 * Every refused request answers with one of these codes (docs/design.md, API contract): a
 * stable name that clients branch on and the web app translates (`errors.<code>` in each
 * language), its HTTP status, and the English text the server writes as `message`. Values in
 * `{{name}}` come with the answer as `params`. A code is never renamed or given another status:
 * other clients rely on it; add a new one instead.
 *
 * The first group are general codes, for answers only a broken or hostile client meets (a
 * malformed id, a missing multipart field); the server may then write a more precise English
 * message of its own, and the web app shows its own words for the situation.
 */
export const errorCodes = {
  // General
  invalid_input: { status: 400, text: 'The request is not valid' },
  unauthenticated: { status: 401, text: 'Not signed in' },
  forbidden: { status: 403, text: 'You are not allowed to do this' },
  not_found: { status: 404, text: 'Not found' },
  conflict: { status: 409, text: 'This conflicts with the current state' },
  too_large: { status: 413, text: 'The request is too large' },
  unsupported_type: { status: 415, text: 'This type of file is not accepted' },
  range_not_satisfiable: { status: 416, text: 'Range not satisfiable' },
  not_acceptable: { status: 406, text: 'This address does not answer in the format asked for' },
  rate_limited: {
    status: 429,
    text: 'Too many attempts. Please try again in {{minutes}} minutes.',
  },
  internal_error: { status: 500, text: 'Internal server error' },
  unavailable: {
    status: 503,
    text: 'The service is temporarily unavailable. Please try again shortly.',
  },
  address_invalid: { status: 400, text: 'The address is not valid' },
  address_too_long: { status: 414, text: 'The address is too long' },
  cross_origin_refused: { status: 403, text: 'Cross-origin request refused' },
  // A development server asked for under a name that is not its own (DNS rebinding, issue 50).
  host_not_allowed: { status: 421, text: 'This server does not answer for this host name' },
  upload_malformed: { status: 400, text: 'The upload was incomplete or malformed' },
  uploads_busy: {
    status: 503,
    text: 'Many photos are being processed right now. Please try again in a few seconds.',
  },
  // A client's share of the photo queue (issue 34): its own uploads hold the places.
  uploads_busy_account: {
    status: 429,
    text: 'You are already uploading {{max}} photos. This one goes up when one of them is done.',
  },
  // Live update streams a person or an address holds open at once (GET /api/events, issue 35).
  too_many_streams: {
    status: 429,
    text: 'Too many live connections are open. Close another tab of Abode and try again.',
  },
  uploads_busy_address: {
    status: 429,
    text: 'Many photos are being uploaded from your network right now. Please try again in a few seconds.',
  },
  upload_timeout: {
    status: 408,
    text: 'The upload was too slow and was stopped. Please check your connection and try again.',
  },
  // Accounts and sign-in
  invalid_credentials: { status: 401, text: 'Invalid credentials' },
  admin_required: { status: 403, text: 'Administrator access required' },
  email_taken: { status: 409, text: 'An account with this email already exists' },
  phone_taken: { status: 409, text: 'An account with this phone number already exists' },
  password_too_common: { status: 400, text: 'This password is too common' },
  current_password_wrong: { status: 400, text: 'The current password is not correct' },
  phone_invalid: { status: 400, text: 'Invalid phone number' },
  no_email_on_account: { status: 400, text: 'This account has no email address' },
  no_phone_on_account: { status: 400, text: 'This account has no phone number' },
  reset_link_invalid: { status: 400, text: 'This reset link is invalid or has expired' },
  code_invalid: { status: 400, text: 'Invalid verification code' },
  code_expired: { status: 400, text: 'This code has expired. Request a new one.' },
  code_attempts_exceeded: { status: 429, text: 'Too many wrong codes. Request a new code.' },
  sms_unavailable: {
    status: 400,
    text: 'Text messages cannot be sent yet, so a phone number cannot be used. Use an email address.',
  },
  // Listings and photos
  listing_not_found: { status: 404, text: 'Property not found' },
  only_own_listings: { status: 403, text: 'You can only change your own listings' },
  hidden_by_admin: {
    status: 403,
    text: 'An administrator hid this listing; only an administrator can show it again',
  },
  hidden_for_reports: {
    status: 403,
    text: 'Reports from renters hid this listing; it can show again once an administrator has reviewed them',
  },
  property_under_review: {
    status: 409,
    text: 'This property is under review; its contact details show once it is live',
  },
  // Per account (server/features/listings/contact-reveals.ts); {{hours}} rounds up.
  contact_reveals_limit: {
    status: 429,
    text: 'You can view the contact details of up to {{max}} different listings in 24 hours. The ones you have already viewed stay available; you can view new ones again in {{hours}} h.',
  },
  // Contact details go only to reachable people (issue 34), and one address cannot multiply
  // the per-account limit with accounts (contact-reveals.ts); {{hours}} rounds up.
  contact_needs_verified_contact: {
    status: 403,
    text: 'Verify your email address or phone number to see the contact details of listings',
  },
  contact_reveals_ip_limit: {
    status: 429,
    text: 'The contact details of {{max}} different listings were viewed from your network today. You can view new ones again in {{hours}} h.',
  },
  // Monthly confirmation of listings (issue 21)
  confirmation_link_invalid: {
    status: 400,
    text: 'This link is not valid. Open your dashboard to confirm or renew the listing.',
  },
  confirmation_link_expired: {
    status: 410,
    text: 'This link has expired. Open your dashboard to confirm or renew the listing.',
  },
  // Saved searches (issue 21)
  saved_search_not_found: { status: 404, text: 'Saved search not found' },
  saved_searches_limit: {
    status: 409,
    text: 'You can save up to {{max}} searches. Delete one to save another.',
  },
  saved_search_needs_verified_phone: {
    status: 403,
    text: 'Verify your phone number to get alerts by SMS',
  },
  saved_search_needs_verified_email: {
    status: 403,
    text: 'Verify your email address to get alerts by email',
  },
  unsubscribe_link_invalid: {
    status: 400,
    text: 'This unsubscribe link is not valid. Manage your alerts in your account settings.',
  },
  unsubscribe_link_expired: {
    status: 410,
    text: 'This unsubscribe link has expired. Sign in to manage your alerts.',
  },
  // Reports of listings (issue 19)
  report_exists: { status: 409, text: 'You have already reported this listing' },
  report_needs_verified_contact: {
    status: 403,
    text: 'Verify your email address or phone number before reporting a listing',
  },
  own_listing_report: { status: 403, text: 'You cannot report your own listing' },
  no_open_reports: { status: 409, text: 'This listing has no open reports' },
  report_not_found: { status: 404, text: 'No conversation was sent with this report' },
  // Enquiries (issue 37)
  conversation_not_found: { status: 404, text: 'Conversation not found' },
  enquiry_needs_verified_contact: {
    status: 403,
    text: 'Verify your email address or phone number before messaging a lister',
  },
  own_listing_enquiry: { status: 409, text: 'This is your own listing' },
  listing_rented: {
    status: 409,
    text: 'This place has been rented. It takes no new enquiries.',
  },
  conversation_blocked: {
    status: 403,
    text: 'You cannot send messages in this conversation',
  },
  enquiries_limit: {
    status: 429,
    text: 'You have started {{max}} conversations today, the most a day. Please try again later.',
  },
  messages_limit: {
    status: 429,
    text: 'You are sending messages too fast. Please try again in {{minutes}} minutes.',
  },
  // Viewings (issue 38)
  viewing_not_found: { status: 404, text: 'Viewing not found' },
  viewing_needs_verified_contact: {
    status: 403,
    text: 'Verify your email address or phone number before booking a viewing',
  },
  own_listing_viewing: { status: 409, text: 'This is your own listing' },
  viewing_slot_taken: {
    status: 409,
    text: 'Someone has just booked this time. Please choose another.',
  },
  viewing_slot_invalid: {
    status: 400,
    text: 'This time is not one the lister offers. Please choose one of the free times.',
  },
  viewing_requests_limit: {
    status: 409,
    text: 'You have {{max}} viewing requests waiting for an answer, the most at once. Wait for an answer or cancel one.',
  },
  viewing_already_requested: {
    status: 409,
    text: 'You have already asked to see this place. Wait for the answer or cancel that request.',
  },
  viewing_not_pending: { status: 409, text: 'This request has already been answered' },
  viewing_started: { status: 409, text: 'This viewing has already started' },
  viewing_no_show_refused: {
    status: 409,
    text: 'You can say a renter did not come only after a confirmed viewing’s time',
  },
  // Issue 50: a no-show cannot silence a renter.
  no_show_window_closed: {
    status: 409,
    text: 'You can say a renter did not come only within 48 hours after the viewing',
  },
  no_show_after_review: {
    status: 409,
    text: 'The renter has already reviewed this viewing: it cannot be marked as missed',
  },
  // Reviews (issue 40); review_not_allowed's params.reason says why (common/reviews.ts).
  review_not_allowed: { status: 403, text: 'This viewing cannot be reviewed.' },
  review_exists: { status: 409, text: 'You have already reviewed this place.' },
  review_not_found: { status: 404, text: 'This review no longer exists.' },
  review_edit_closed: {
    status: 409,
    text: 'A review can be changed only within 48 hours of writing it.',
  },
  review_lister_only: { status: 403, text: 'Only the lister of this place can do this.' },
  review_reply_exists: { status: 409, text: 'You have already answered this review.' },
  review_report_exists: { status: 409, text: 'You have already reported this review.' },
  review_decision_conflict: { status: 409, text: 'Someone has already decided on this review.' },
  lister_not_found: { status: 404, text: 'This lister’s page does not exist.' },
  // Verified listers (issue 19)
  verification_listers_only: {
    status: 403,
    text: 'Only owners and agents can ask to be verified',
  },
  verification_agents_only: { status: 403, text: 'Only agents can send an agent licence' },
  verification_pending: {
    status: 409,
    text: 'A request of this kind is already waiting for review',
  },
  already_verified: { status: 409, text: 'You are already verified for this' },
  verification_not_found: { status: 404, text: 'Verification request not found' },
  verification_decided: { status: 409, text: 'This request has already been decided' },
  file_not_found: { status: 404, text: 'File not found' },
  image_too_large: { status: 413, text: 'Each image may be at most 5 MB' },
  image_wrong_type: { status: 415, text: 'Only JPG, PNG, GIF and WebP images are accepted' },
  image_unreadable: { status: 415, text: 'The file could not be read as an image' },
  image_not_uploaded_here: {
    status: 400,
    text: 'An image was not uploaded here or has expired',
  },
  images_per_upload: { status: 413, text: 'At most {{max}} images per upload' },
  photos_per_listing: { status: 400, text: 'Your plan allows at most {{max}} photos per listing' },
  no_image_chosen: { status: 400, text: 'Choose at least one image' },
  // Photo uploads are for reachable people (issue 50): the photo queue is not for throwaway accounts.
  uploads_need_verified_contact: {
    status: 403,
    text: 'Verify your email address or phone number before uploading photos',
  },
  // Locations (issue 39)
  point_outside_country: {
    status: 400,
    text: "The pin is outside the listing's country: move it onto the place",
  },
  // Videos
  video_not_found: { status: 404, text: 'Video not found' },
  video_too_large: { status: 413, text: 'Each video may be at most {{max}} MB' },
  video_wrong_type: { status: 415, text: 'Only MP4, MOV and AVI videos are accepted' },
  video_empty: { status: 400, text: 'The video is empty' },
  videos_per_upload: { status: 413, text: 'At most {{max}} videos per upload' },
  videos_only_own_listings: {
    status: 403,
    text: 'You can add videos only to your own listings',
  },
  videos_waiting: {
    status: 409,
    text: 'You have {{max}} videos waiting for review. Please upload more once some of them are ready.',
  },
  video_still_scanning: {
    status: 409,
    text: 'This video is still being scanned. Please try again shortly.',
  },
  video_already_approved: { status: 409, text: 'This video is already approved' },
  delivery_not_found: { status: 404, text: 'Message not found' },
  delivery_not_failed: {
    status: 409,
    text: 'Only a message that failed can be sent again',
  },
  edited_video_infected: {
    status: 400,
    text: 'The edited video did not pass the virus scan ({{signature}}). Nothing was stored.',
  },
  // Administration
  only_live_featured: { status: 400, text: 'Only live listings can be featured' },
  featured_limit: { status: 409, text: 'At most {{max}} listings can be featured' },
  only_featured_reordered: { status: 400, text: 'Only featured listings can be reordered' },
  no_account_for_email: { status: 404, text: 'No account uses this email address' },
  administrator_not_found: { status: 404, text: 'Administrator not found' },
  cannot_revoke_self: { status: 409, text: 'You cannot revoke your own administrator access' },
  last_administrator: { status: 409, text: 'The last administrator cannot be revoked' },
  // The support inbox (issue 51)
  inbox_message_not_found: { status: 404, text: 'Message not found' },
  inbox_message_no_email: {
    status: 409,
    text: 'The sender gave no e-mail address, so this message cannot be answered by e-mail',
  },
  // Service providers
  provider_not_found: { status: 404, text: 'Service provider not found' },
  provider_already_registered: {
    status: 409,
    text: 'This business has already registered for this service; our team will contact you.',
  },
  // Messages
  message_not_sent: {
    status: 503,
    text: 'We could not send the message. Please try again shortly.',
  },
} as const satisfies Record<string, { status: number; text: string }>;

export type ErrorCode = keyof typeof errorCodes;
export type ErrorParams = Record<string, string | number>;

export const errorCodeList = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

/**
 * The general codes above: the web app shows its own words for these (the words of the page
 * that failed), since the code says no more than the status.
 */
export const generalErrorCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_input',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_type',
  'range_not_satisfiable',
  'not_acceptable',
  'internal_error',
  'address_invalid',
  'address_too_long',
]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

/** The English text of `code`, with its `{{name}}` values filled in. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  return errorCodes[code].text.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
}
