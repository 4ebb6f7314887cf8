import { describe, expect, it } from 'vitest';
import { normaliseAddress, normaliseAreaCode, normaliseEmail, normaliseMobile } from './account-target.ts';
import { codeUnusableReason, formatCode } from './code-rules.ts';
import { detectImageType } from './image-type.ts';
import { makeInviteCode, normaliseInviteCode } from './invite-code.ts';
import { decimalToMinor, minorToDecimal } from './minor-units.ts';
import { toPaging } from './paging.ts';
import { checkNewPassword } from './password-policy.ts';
import { checkNickname, checkSignature } from './profile-text.ts';
import { evaluateThrottle } from './throttle-rules.ts';

describe('throttle windows', () => {
  const rules = [{ limit: 1, windowMs: 60_000 }, { limit: 3, windowMs: 3_600_000 }];
  it('allow until a limit is met, then say how long to wait', () => {
    expect(evaluateThrottle(rules, [], 0)).toEqual({ allowed: true });
    expect(evaluateThrottle(rules, [0], 30_000)).toEqual({ allowed: false, retryAfterMs: 30_000 });
    expect(evaluateThrottle(rules, [0], 60_000)).toEqual({ allowed: true });
    expect(evaluateThrottle(rules, [0, 100_000, 200_000], 300_000)).toEqual({ allowed: false, retryAfterMs: 3_300_000 });
  });
});

describe('codes', () => {
  it('are unusable after expiry or five tries', () => {
    expect(codeUnusableReason({ expiresAtMs: 1000, attempts: 0 }, 999)).toBeNull();
    expect(codeUnusableReason({ expiresAtMs: 1000, attempts: 0 }, 1000)).toBe('CODE.EXPIRED');
    expect(codeUnusableReason({ expiresAtMs: 1000, attempts: 5 }, 0)).toBe('CODE.TOO_MANY_ATTEMPTS');
    expect(formatCode(42)).toBe('000042');
  });
});

describe('images by magic bytes', () => {
  const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
  it('know PNG, JPEG, GIF and WebP and nothing else', () => {
    expect(detectImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))?.ext).toBe('png');
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe('jpg');
    expect(detectImageType(bytes('GIF89a'))?.ext).toBe('gif');
    expect(detectImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))?.ext).toBe('webp');
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
    expect(detectImageType(bytes([0x89], 'PN'))).toBeNull();
  });
});

describe('minor units', () => {
  it('turn integers into decimal strings and back without floats', () => {
    expect(minorToDecimal(50_000n, 8)).toBe('0.0005');
    expect(minorToDecimal(123_456_789_012_345_678n, 8)).toBe('1234567890.12345678');
    expect(minorToDecimal(10_000_000n, 6)).toBe('10');
    expect(minorToDecimal(-5n, 2)).toBe('-0.05');
    expect(decimalToMinor('0.0005', 8)).toBe(50_000n);
    expect(decimalToMinor('0.1', 1)).toBe(1n);
    expect(decimalToMinor('0.123', 2)).toBeNull();
    expect(decimalToMinor('1e5', 2)).toBeNull();
  });
});

describe('account addresses', () => {
  it('normalise emails, area codes and numbers', () => {
    expect(normaliseEmail(' Bob@Example.COM ')).toBe('bob@example.com');
    expect(normaliseEmail('bob@example')).toBeNull();
    expect(normaliseAreaCode('+86')).toBe('86');
    expect(normaliseAreaCode('086')).toBeNull();
    expect(normaliseMobile('138-0013 8000')).toBe('13800138000');
    expect(normaliseMobile('1234')).toBeNull();
    expect(normaliseMobile('1234567890123456')).toBeNull();
    expect(normaliseAddress(' 86 13800138000')).toBe('+8613800138000');
  });
});

describe('profile texts and passwords', () => {
  it('allow letters of any script and digits, with spaces inside only', () => {
    for (const ok of ['小明', 'Zoë 2', 'สมชาย', 'Ali Veli', 'نور', 'José']) expect(checkNickname(ok)).toBeNull();
    expect(checkNickname('a')?.code).toBe('VALID.NICKNAME_LENGTH');
    expect(checkNickname('bob_1')?.code).toBe('VALID.SPECIAL_CHARACTERS');
    expect(checkNickname('a  b')).toBeNull();
    expect(checkSignature('x'.repeat(31))?.code).toBe('VALID.SIGNATURE_LENGTH');
    expect(checkSignature('hi 👋')?.code).toBe('VALID.SPECIAL_CHARACTERS');
  });
  it('count password characters, not bytes', () => {
    expect(checkNewPassword('密码密码密码', '密码密码密码')).toBeNull();
    expect(checkNewPassword('12345', '12345')?.code).toBe('AUTH.PASSWORD_TOO_SHORT');
    expect(checkNewPassword('x'.repeat(65), 'x'.repeat(65))?.code).toBe('AUTH.PASSWORD_TOO_LONG');
    expect(checkNewPassword('123456', '123457')).toEqual({ ok: false, code: 'AUTH.PASSWORDS_INCONSISTENT', field: 're_password' });
  });
});

describe('paging and invitation codes', () => {
  it('caps the page size', () => {
    expect(toPaging(undefined, undefined)).toEqual({ page: 1, limit: 10, offset: 0 });
    expect(toPaging(3, 500)).toEqual({ page: 3, limit: 50, offset: 100 });
  });
  it('makes readable codes and accepts them in any case', () => {
    const code = makeInviteCode((max) => max - 1);
    expect(code).toBe('99999999');
    expect(normaliseInviteCode(' abc123 ')).toBe('ABC123');
    expect(normaliseInviteCode('ab-123')).toBeNull();
  });
});
