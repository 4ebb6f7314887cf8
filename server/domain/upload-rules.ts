const DAY_MS = 24 * 60 * 60 * 1000;

/** How much one user may upload in any trailing window. */
export interface UploadQuota {
  files: number;
  bytes: number;
  windowMs: number;
}

/**
 * An avatar and two document photos need three files; 30 a day leaves room for retakes, and at the
 * 2 MiB per-file cap the byte limit bites after 15 full-size files. Disk use per user is bounded by
 * this plus the grace period below.
 */
export const UPLOAD_QUOTA: UploadQuota = { files: 30, bytes: 30 * 1024 * 1024, windowMs: DAY_MS };

/** Whether one more file of `size` bytes fits, given what the user uploaded inside the window. */
export const fitsUploadQuota = (used: { files: number; bytes: number }, size: number, quota: UploadQuota = UPLOAD_QUOTA): boolean =>
  used.files + 1 <= quota.files && used.bytes + size <= quota.bytes;

/**
 * How long an upload nothing refers to is kept: from its upload (a form being filled in), or from
 * the moment an avatar was replaced. Not shorter than the quota window, so removing files never
 * hands quota back.
 */
export const UPLOAD_GRACE_MS = DAY_MS;

/**
 * What an upload has been used for. '' until something refers to it; 'avatar' is the only public
 * use; an identity document stays readable by its owner alone. One file never serves both: a photo
 * that was public may sit in shared caches, and a document must never become public.
 */
export type UploadPurpose = '' | 'avatar' | 'identity';

export const isPublicUpload = (purpose: string): boolean => purpose === 'avatar';
