/**
 * What other features use of videos (docs/design.md, import boundaries): the videos a listing
 * form uploads beside its photos, and the list that shows them.
 */
export { useVideoUploads, type VideoUploads } from './api';
export { isVideoFile, VIDEO_ACCEPT_LIST } from './video-files';
export { VideoUploadList } from './video-upload-list';
