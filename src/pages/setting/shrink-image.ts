/** Avatars never need more than this many pixels a side; sending less saves the user's data plan. */
const MAX_SIDE_PX = 512;
/** Identity documents must stay legible to the reviewer. */
export const DOCUMENT_SIDE_PX = 1600;

/**
 * Section 9 allows the original or a compressed image: large photos are redrawn at most `maxSidePx`
 * (512 for avatars) a side as JPEG; small ones and GIFs (which would lose their animation) go as they are.
 */
export async function shrinkImage(file: File, maxSidePx = MAX_SIDE_PX): Promise<Blob> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, maxSidePx / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 300_000) return file;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return blob ?? file;
}
