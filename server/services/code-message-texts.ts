import type { Locale } from '../../contract/locales.ts';

interface CodeText {
  subject: string;
  /** {code} and {minutes} are filled in. */
  body: string;
}

/** The verification message in the language of the request that asked for it. */
export const CODE_MESSAGE_TEXTS: Record<Locale, CodeText> = {
  zh: { subject: 'Brisk 验证码', body: '您的 Brisk 验证码是 {code}，{minutes} 分钟内有效。请勿告诉任何人。' },
  en: { subject: 'Your Brisk verification code', body: 'Your Brisk verification code is {code}. It is valid for {minutes} minutes. Do not share it with anyone.' },
  hk: { subject: 'Brisk 驗證碼', body: '您的 Brisk 驗證碼是 {code}，{minutes} 分鐘內有效。請勿告訴任何人。' },
  th: { subject: 'รหัสยืนยัน Brisk ของคุณ', body: 'รหัสยืนยัน Brisk ของคุณคือ {code} ใช้ได้ภายใน {minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น' },
  jp: { subject: 'Brisk 認証コード', body: 'Brisk の認証コードは {code} です。有効期限は {minutes} 分です。誰にも教えないでください。' },
  kor: { subject: 'Brisk 인증 코드', body: 'Brisk 인증 코드는 {code}입니다. {minutes}분 동안 유효합니다. 누구에게도 알려 주지 마세요.' },
  fra: { subject: 'Votre code de vérification Brisk', body: 'Votre code de vérification Brisk est {code}. Il est valable {minutes} minutes. Ne le communiquez à personne.' },
  spa: { subject: 'Tu código de verificación de Brisk', body: 'Tu código de verificación de Brisk es {code}. Es válido durante {minutes} minutos. No lo compartas con nadie.' },
  trq: { subject: 'Brisk doğrulama kodunuz', body: 'Brisk doğrulama kodunuz {code}. {minutes} dakika geçerlidir. Kimseyle paylaşmayın.' },
};

export function codeMessageText(locale: Locale, code: string, minutes: number): CodeText {
  const text = CODE_MESSAGE_TEXTS[locale];
  return { subject: text.subject, body: text.body.replace('{code}', code).replace('{minutes}', String(minutes)) };
}
