// No 0/O or 1/I: people read these codes aloud and type them from screenshots.
export const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

/** An invitation code from a source of uniform integers in [0, max) (crypto.randomInt in services). */
export function makeInviteCode(randomInt: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

/** What people may type as an invitation code: 6-8 letters or digits, any case. */
export function normaliseInviteCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return /^[A-Z0-9]{6,8}$/.test(code) ? code : null;
}
