/**
 * Imported by web/main.tsx after the libraries and before the app: the script's evaluation
 * stops here for a moment, so a slow phone runs the two halves as two tasks rather than one
 * long one that blocks a tap (total blocking time; docs/performance.md).
 */
import { yieldToBrowser } from './yield-to-browser';

await yieldToBrowser();
