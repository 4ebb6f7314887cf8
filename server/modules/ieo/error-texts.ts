import type { ErrorCode } from '../../../contract/error-codes.ts';
import type { Locale } from '../../../contract/locales.ts';

/** Error texts of IEO token sales, in every locale; listed on the module's face (module.ts). */
export const IEO_ERROR_TEXTS = {
  'IEO.NOT_STARTED': {
    en: 'This sale has not started yet', zh: '该项目尚未开始认购', hk: '該項目尚未開始認購', th: 'การขายนี้ยังไม่เริ่ม',
    jp: 'この販売はまだ始まっていません', kor: '아직 청약이 시작되지 않았습니다', fra: 'Cette vente n’a pas encore commencé',
    spa: 'Esta venta aún no ha comenzado', trq: 'Bu satış henüz başlamadı',
  },
  'IEO.ENDED': {
    en: 'This sale has ended', zh: '该项目认购已结束', hk: '該項目認購已結束', th: 'การขายนี้สิ้นสุดแล้ว',
    jp: 'この販売は終了しました', kor: '청약이 종료되었습니다', fra: 'Cette vente est terminée',
    spa: 'Esta venta ha terminado', trq: 'Bu satış sona erdi',
  },
  'IEO.PAUSED': {
    en: 'Subscriptions to this sale are paused, please try again later', zh: '该项目认购已暂停，请稍后再试', hk: '該項目認購已暫停，請稍後再試',
    th: 'การจองซื้อนี้ถูกพักไว้ชั่วคราว โปรดลองใหม่ภายหลัง', jp: 'この販売の申し込みは一時停止中です。後でもう一度お試しください', kor: '청약이 일시 중지되었습니다. 나중에 다시 시도하세요',
    fra: 'Les souscriptions à cette vente sont suspendues, réessayez plus tard', spa: 'Las suscripciones a esta venta están en pausa, inténtalo más tarde', trq: 'Bu satışa katılım duraklatıldı, lütfen daha sonra tekrar deneyin',
  },
  'IEO.PAY_CURRENCY_INVALID': {
    en: 'This sale does not accept that currency', zh: '该项目不支持此币种支付', hk: '該項目不支援此幣種支付', th: 'การขายนี้ไม่รับสกุลเงินนี้',
    jp: 'この販売ではその通貨で支払えません', kor: '이 청약은 해당 통화를 받지 않습니다', fra: 'Cette vente n’accepte pas cette devise',
    spa: 'Esta venta no acepta esa moneda', trq: 'Bu satış o para birimini kabul etmiyor',
  },
  'IEO.PAY_CURRENCY_MIXED': {
    en: 'You already subscribed to this sale with another currency; please use the same one', zh: '您已用其他币种认购该项目，请使用同一币种', hk: '您已用其他幣種認購該項目，請使用同一幣種',
    th: 'คุณจองซื้อการขายนี้ด้วยสกุลเงินอื่นแล้ว โปรดใช้สกุลเดิม', jp: 'この販売には別の通貨で申し込み済みです。同じ通貨をご利用ください', kor: '이미 다른 통화로 청약했습니다. 같은 통화를 사용하세요',
    fra: 'Vous avez déjà souscrit à cette vente dans une autre devise ; utilisez la même', spa: 'Ya te suscribiste a esta venta con otra moneda; usa la misma', trq: 'Bu satışa başka bir para birimiyle katıldınız; lütfen aynısını kullanın',
  },
  'IEO.BELOW_MIN': {
    en: 'The amount is below the minimum subscription', zh: '认购数量低于最低认购量', hk: '認購數量低於最低認購量', th: 'จำนวนต่ำกว่าขั้นต่ำของการจองซื้อ',
    jp: '申込数量が最低申込数量を下回っています', kor: '청약 수량이 최소 청약 수량보다 적습니다', fra: 'Le montant est inférieur à la souscription minimale',
    spa: 'La cantidad es inferior a la suscripción mínima', trq: 'Miktar asgari katılım miktarının altında',
  },
  'IEO.ABOVE_MAX': {
    en: 'With your earlier subscriptions this passes the maximum per user', zh: '加上您之前的认购，已超过每人最高认购量', hk: '加上您之前的認購，已超過每人最高認購量',
    th: 'รวมกับการจองซื้อก่อนหน้าแล้ว เกินจำนวนสูงสุดต่อผู้ใช้', jp: '以前の申し込みと合わせると、1人あたりの上限を超えます', kor: '이전 청약과 합하면 1인당 최대 수량을 초과합니다',
    fra: 'Avec vos souscriptions précédentes, cela dépasse le maximum par utilisateur', spa: 'Con tus suscripciones anteriores se supera el máximo por usuario', trq: 'Önceki katılımlarınızla birlikte kişi başı üst sınırı aşıyor',
  },
  'IEO.PRICE_CHANGED': {
    en: 'The price has changed, please check it and try again', zh: '价格已变动，请确认后重试', hk: '價格已變動，請確認後重試', th: 'ราคาเปลี่ยนแล้ว โปรดตรวจสอบแล้วลองใหม่',
    jp: '価格が変更されました。ご確認のうえ再度お試しください', kor: '가격이 변경되었습니다. 확인 후 다시 시도하세요', fra: 'Le prix a changé, vérifiez-le et réessayez',
    spa: 'El precio ha cambiado, revísalo e inténtalo de nuevo', trq: 'Fiyat değişti, lütfen kontrol edip tekrar deneyin',
  },
  'IEO.PHASE_INVALID': {
    en: 'Please choose upcoming, in progress or ended', zh: '请选择预热中、进行中或已结束', hk: '請選擇預熱中、進行中或已結束', th: 'โปรดเลือก เร็วๆ นี้ กำลังดำเนินการ หรือ สิ้นสุดแล้ว',
    jp: '近日開始・進行中・終了から選択してください', kor: '예정, 진행 중, 종료 중에서 선택하세요', fra: 'Choisissez à venir, en cours ou terminé',
    spa: 'Elige próximamente, en curso o finalizado', trq: 'Lütfen yakında, devam ediyor veya sona erdi seçin',
  },
} satisfies Partial<Record<ErrorCode, Record<Locale, string>>>;
