export { OfflineNotice } from './offline-notice';
export { registerServiceWorker } from './register';
export { keepRenderedAnswers } from './keep-rendered-answers';
