/** The agreement in the reader's language: the Chinese one for both Chinese locales, else the English one. */
export const agreementPath = (lang: string) => (lang === 'zh' || lang === 'hk' ? '/pages/follow/agreement_zh' : '/pages/follow/agreement_en');
