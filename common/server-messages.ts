/**
 * The messages of refused requests a person can meet in the app, shared like the validation
 * messages (common/messages.ts): the server answers in these English words, and the web app
 * recognises them and shows `serverMessages.<key>` in the reader's language instead. Values
 * in `{{name}}` are filled in by the server and read back by the web app.
 *
 * Messages only a broken client can cause (a malformed id, a missing multipart field) stay
 * plain English in the server; the web app shows its own text for those.
 */
export const serverMessages = {
  // Accounts
  emailTaken: 'An account with this email already exists',
  phoneTaken: 'An account with this phone number already exists',
  passwordTooCommon: 'This password is too common',
  invalidPhone: 'Invalid phone number',
  noEmailOnAccount: 'This account has no email address',
  noPhoneOnAccount: 'This account has no phone number',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  codeInvalid: 'Invalid verification code',
  codeExpired: 'This code has expired. Request a new one.',
  // Listings and photos
  onlyOwnListings: 'You can only change your own listings',
  hiddenByAdmin: 'An administrator hid this listing; only an administrator can show it again',
  propertyUnderReview: 'This property is under review; its contact details show once it is live',
  imageWrongType: 'Only JPG, PNG, GIF and WebP images are accepted',
  imageUnreadable: 'The file could not be read as an image',
  imageNotUploadedHere: 'An image was not uploaded here or has expired',
  imagesPerUpload: 'At most {{max}} images per upload',
  photosPerListing: 'Your plan allows at most {{max}} photos per listing',
  noImageChosen: 'Choose at least one image',
  uploadMalformed: 'The upload was incomplete or malformed',
  // Videos
  videoTooLarge: 'Each video may be at most {{max}} MB',
  videoWrongType: 'Only MP4, MOV and AVI videos are accepted',
  videoEmpty: 'The video is empty',
  videosPerUpload: 'At most {{max}} videos per upload',
  videosOnlyOwnListings: 'You can add videos only to your own listings',
  videosWaiting:
    'You have {{max}} videos waiting for review. Please upload more once some of them are ready.',
  videoStillScanning: 'This video is still being scanned. Please try again shortly.',
  videoAlreadyApproved: 'This video is already approved',
  editedVideoInfected:
    'The edited video did not pass the virus scan ({{signature}}). Nothing was stored.',
  // Administration
  onlyLiveFeatured: 'Only live listings can be featured',
  featuredLimit: 'At most {{max}} listings can be featured',
  onlyFeaturedReordered: 'Only featured listings can be reordered',
  noAccountForEmail: 'No account uses this email address',
  cannotRevokeSelf: 'You cannot revoke your own administrator access',
  lastAdministrator: 'The last administrator cannot be revoked',
  // Service providers
  providerAlreadyRegistered:
    'This business has already registered for this service; our team will contact you.',
  // Messages
  messageNotSent: 'We could not send the message. Please try again shortly.',
} as const;

export type ServerMessageKey = keyof typeof serverMessages;
export type ServerMessageParams = Record<string, string | number>;

/** The English text of `key`, with its `{{name}}` values filled in. */
export function serverMessage(key: ServerMessageKey, params: ServerMessageParams = {}): string {
  return serverMessages[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = Object.entries(serverMessages).map(([key, text]) => {
  const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
  const source = text
    .split(/\{\{\w+\}\}/)
    .map(escapeRegExp)
    .join('(.+?)');
  return { key: key as ServerMessageKey, names, pattern: new RegExp(`^${source}$`) };
});

/** Which of the messages above `message` is, and the values the server filled in. */
export function matchServerMessage(
  message: string,
): { key: ServerMessageKey; params: Record<string, string> } | undefined {
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(message);
    if (match) {
      return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
    }
  }
  return undefined;
}
