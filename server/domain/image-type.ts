export type ImageType = { mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'; ext: 'png' | 'jpg' | 'gif' | 'webp' };

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type from the file's first bytes, never from its name or declared type: a text file
 * named .png is not an image. Null for anything else (SVG is refused: it can carry script).
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { mime: 'image/webp', ext: 'webp' };
  return null;
}

/** Names /upload gives files: 32 hex and the detected type's extension. */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(?:png|jpg|gif|webp)$/;

/** Paths /upload hands out: /uploads/<name>. */
export const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{32}\.(?:png|jpg|gif|webp))$/;

/** Avatars and screenshots: 2 MiB is plenty for a phone photo after the client's own resizing. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
