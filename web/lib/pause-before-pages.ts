/**
 * Imported by web/routes.tsx before the first pages: the app shell's modules and the pages'
 * are evaluated as two tasks (see pause-after-libraries.ts).
 */
import { yieldToBrowser } from './yield-to-browser';

await yieldToBrowser();
