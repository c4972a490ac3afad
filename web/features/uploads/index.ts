/**
 * What other features use of uploads (docs/design.md, import boundaries): the upload with
 * progress that photos and videos share, the photo upload, the scaling of a photo before it
 * goes up, and the toast text of a failed upload.
 */
export { postFormWithProgress, uploadPropertyImage } from './api';
export { scaleDownImage } from './scale-image';
export { uploadFailure } from './upload-failure';
