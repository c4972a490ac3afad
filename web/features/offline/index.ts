export { OfflineNotice } from './offline-notice';
export { registerServiceWorker } from './register';
