/**
 * Shows the ends of a secret-ish number and stars the middle: "6222021234567891234" becomes
 * "6222***********1234", "13800138000" becomes "138****8000". Short values keep less, so at least
 * a third is always hidden.
 */
export function maskMiddle(text: string, keepStart = 4, keepEnd = 4): string {
  const chars = [...text];
  let start = keepStart;
  let end = keepEnd;
  const maxVisible = chars.length - Math.ceil(chars.length / 3);
  while (start + end > maxVisible && (start > 0 || end > 0)) {
    if (start >= end && start > 0) start -= 1;
    else end -= 1;
  }
  return chars.slice(0, start).join('') + '*'.repeat(chars.length - start - end) + chars.slice(chars.length - end).join('');
}
