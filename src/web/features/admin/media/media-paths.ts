/** The media library tab's ?tab= value (backoffice.md §2). */
export const MEDIA_TAB = 'media';
