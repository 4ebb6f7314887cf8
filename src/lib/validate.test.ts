import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import {
  validateAlphanumeric,
  validateAmount,
  validateCode,
  validateConfirmPassword,
  validateDigits,
  validateEmail,
  validateMobile,
  validateNickname,
  validateNoSpecialCharacters,
  validatePassword,
  validateSignature,
  validateUrl,
} from './validate.ts';

describe('validatePassword', () => {
  it('needs at least 6 and at most 64 characters', () => {
    expect(validatePassword('')).toBe('AUTH.PASSWORD_TOO_SHORT');
    expect(validatePassword('12345')).toBe('AUTH.PASSWORD_TOO_SHORT');
    expect(validatePassword('123456')).toBe(true);
    expect(validatePassword('a'.repeat(64))).toBe(true);
    expect(validatePassword('a'.repeat(65))).toBe('AUTH.PASSWORD_TOO_LONG');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validatePassword('😀😀😀')).toBe('AUTH.PASSWORD_TOO_SHORT'); // 6 units, 3 characters
    expect(validatePassword('密码密码密码')).toBe(true);
  });
});

describe('validateConfirmPassword', () => {
  it('fails when the two differ, even by case or a space', () => {
    expect(validateConfirmPassword('secret1', 'secret2')).toBe('AUTH.PASSWORDS_INCONSISTENT');
    expect(validateConfirmPassword('secret1', 'Secret1')).toBe('AUTH.PASSWORDS_INCONSISTENT');
    expect(validateConfirmPassword('secret1', 'secret1 ')).toBe('AUTH.PASSWORDS_INCONSISTENT');
    expect(validateConfirmPassword('secret1', '')).toBe('AUTH.PASSWORDS_INCONSISTENT');
  });

  it('passes a matching valid pair and holds a matching pair to the length rules', () => {
    expect(validateConfirmPassword('secret1', 'secret1')).toBe(true);
    expect(validateConfirmPassword('abc', 'abc')).toBe('AUTH.PASSWORD_TOO_SHORT');
  });
});

describe('validateCode', () => {
  it('needs exactly 6 digits', () => {
    expect(validateCode('123456')).toBe(true);
    expect(validateCode('012345')).toBe(true);
    for (const bad of ['', '12345', '1234567', '12345a', ' 123456', '12 456', '１２３４５６', '١٢٣٤٥٦']) {
      expect(validateCode(bad), bad).toBe('VALID.CODE_LENGTH');
    }
  });
});

describe('validateNickname', () => {
  it.each(['Al', 'Bob Smith', '张三', '田中 太郎', 'สมชาย', '김철수', 'José 99', 'a1', 'Zoë', 'A  B'])('accepts %j', (name) => {
    expect(validateNickname(name)).toBe(true);
  });

  it('needs 2-10 characters', () => {
    expect(validateNickname('')).toBe('VALID.NICKNAME_LENGTH');
    expect(validateNickname('A')).toBe('VALID.NICKNAME_LENGTH');
    expect(validateNickname('张')).toBe('VALID.NICKNAME_LENGTH');
    expect(validateNickname('abcdefghij')).toBe(true);
    expect(validateNickname('abcdefghijk')).toBe('VALID.NICKNAME_LENGTH');
  });

  it.each(['Bob!', 'a_b', 'a.b', ' Bob', 'Bob ', 'a\tb', '😀😀', '<b>x</b>', 'a-b'])('rejects %j as special characters', (name) => {
    expect(validateNickname(name)).toBe('VALID.SPECIAL_CHARACTERS');
  });
});

describe('validateSignature', () => {
  it('needs 2-30 characters that are not all spaces', () => {
    expect(validateSignature('Hi')).toBe(true);
    expect(validateSignature('Hello, world! 你好')).toBe(true);
    expect(validateSignature('x'.repeat(30))).toBe(true);
    expect(validateSignature('x'.repeat(31))).toBe('VALID.SIGNATURE_LENGTH');
    expect(validateSignature('x')).toBe('VALID.SIGNATURE_LENGTH');
    expect(validateSignature('   ')).toBe('VALID.SIGNATURE_LENGTH');
    expect(validateSignature('')).toBe('VALID.SIGNATURE_LENGTH');
  });
});

describe('validateAlphanumeric', () => {
  it('allows only ASCII letters and digits', () => {
    expect(validateAlphanumeric('abc123XYZ')).toBe(true);
    for (const bad of ['', 'abc 123', 'abc-1', 'abc_1', 'é', '张三', 'a\n']) {
      expect(validateAlphanumeric(bad), bad).toBe('VALID.SPECIAL_CHARACTERS');
    }
  });
});

describe('validateNoSpecialCharacters', () => {
  it('allows letters of any script, digits and spaces', () => {
    for (const ok of ['', 'Hello World 42', '你好 世界', 'สวัสดี']) expect(validateNoSpecialCharacters(ok), ok).toBe(true);
    for (const bad of ['hi!', 'a@b', '<script>', "it's", 'a\tb', '😀']) {
      expect(validateNoSpecialCharacters(bad), bad).toBe('VALID.SPECIAL_CHARACTERS');
    }
  });
});

describe('validateEmail', () => {
  it.each(['a@b.co', 'first.last@example.com', 'x+tag@mail.example.org', 'user_1@sub-domain.example.io'])('accepts %j', (e) => {
    expect(validateEmail(e)).toBe(true);
  });

  it.each(['', 'plain', '@example.com', 'a@', 'a@b', 'a@b.c', 'a b@c.com', 'a@b .com', '.a@b.com', 'a.@b.com', 'a..b@c.com', 'a@-b.com', 'a@b-.com', 'a@b..com', 'a@@b.com', 'a@b.c0m'])(
    'rejects %j',
    (e) => expect(validateEmail(e)).toBe('VALID.EMAIL'),
  );

  it('rejects addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(4)}com`;
    expect(long.length).toBeGreaterThan(254);
    expect(validateEmail(long)).toBe('VALID.EMAIL');
  });
});

describe('validateMobile', () => {
  it('needs exactly 11 digits', () => {
    expect(validateMobile('13800138000')).toBe(true);
    for (const bad of ['', '1380013800', '138001380000', '1380013800a', '+8613800138', '138 0013 800']) {
      expect(validateMobile(bad), bad).toBe('VALID.MOBILE');
    }
  });
});

describe('validateUrl', () => {
  it.each(['http://example.com', 'https://example.com/path?q=1#x', 'HTTPS://EXAMPLE.COM', 'http://127.0.0.1:8080'])('accepts %j', (u) => {
    expect(validateUrl(u)).toBe(true);
  });

  it.each(['', 'example.com', 'ftp://example.com', 'javascript:alert(1)', 'https://', 'http:///path', 'https://exa mple.com', ' https://example.com', 'mailto:a@b.co', '//example.com'])(
    'rejects %j',
    (u) => expect(validateUrl(u)).toBe('VALID.URL'),
  );
});

describe('validateAmount', () => {
  it('accepts positive decimal strings', () => {
    for (const ok of ['1', '0.1', '0.00000001', '123456789012345678.123456789', '10.50']) expect(validateAmount(ok), ok).toBe(true);
  });

  it('rejects zero, negatives and anything not a plain decimal', () => {
    for (const bad of ['', '0', '0.00', '-1', '-0', '1e3', '1.', '.5', ' 1', 'abc', '1,5', 'Infinity', '01']) {
      expect(validateAmount(bad), bad).toBe('VALID.AMOUNT');
    }
  });

  it('limits fraction digits when asked; 0 means whole numbers', () => {
    expect(validateAmount('1.23', 2)).toBe(true);
    expect(validateAmount('1.234', 2)).toBe('VALID.AMOUNT');
    expect(validateAmount('5', 0)).toBe(true);
    expect(validateAmount('5.5', 0)).toBe('VALID.AMOUNT');
  });
});

describe('validateDigits', () => {
  it('allows one or more ASCII digits only', () => {
    expect(validateDigits('0')).toBe(true);
    expect(validateDigits('00123')).toBe(true);
    for (const bad of ['', '1.5', '-1', '1e3', ' 1', '１']) expect(validateDigits(bad), bad).toBe('VALID.INTEGER');
  });
});

describe('error codes', () => {
  it('only ever returns codes the contract declares', () => {
    const results = [
      validatePassword(''),
      validatePassword('x'.repeat(99)),
      validateConfirmPassword('a', 'b'),
      validateCode(''),
      validateNickname(''),
      validateNickname('a!'),
      validateSignature(''),
      validateAlphanumeric(''),
      validateNoSpecialCharacters('!'),
      validateEmail(''),
      validateMobile(''),
      validateUrl(''),
      validateAmount(''),
      validateDigits(''),
    ];
    for (const r of results) expect(ERROR_CODES).toContain(r);
  });
});
