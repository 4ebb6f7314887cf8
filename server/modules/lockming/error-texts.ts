import type { ErrorTexts } from '../../http/error-texts.ts';

/** Error texts of lock mining, in every locale; listed on the module's face (module.ts). Section 8's "Insufficient balance" wording. */
export const LOCKMING_ERROR_TEXTS: ErrorTexts = {
  'LOCKMING.PRODUCT_NOT_FOUND': {
    en: 'This mining product does not exist', zh: '该矿机产品不存在', hk: '該礦機產品不存在',
    th: 'ไม่พบผลิตภัณฑ์ขุดนี้', jp: 'このマイニング商品は存在しません', kor: '존재하지 않는 마이닝 상품입니다',
    fra: 'Ce produit de minage n’existe pas', spa: 'Este producto de minería no existe', trq: 'Bu madencilik ürünü mevcut değil',
  },
  'LOCKMING.PRODUCT_PAUSED': {
    en: 'This product is paused and cannot be bought for now', zh: '该产品已暂停，暂时无法购买', hk: '該產品已暫停，暫時無法購買',
    th: 'ผลิตภัณฑ์นี้หยุดชั่วคราว ยังไม่สามารถซื้อได้', jp: 'この商品は一時停止中のため、現在は購入できません', kor: '일시 중지된 상품으로 지금은 구매할 수 없습니다',
    fra: 'Ce produit est suspendu et ne peut pas être acheté pour le moment', spa: 'Este producto está en pausa y no se puede comprar por ahora', trq: 'Bu ürün duraklatıldı, şu anda satın alınamaz',
  },
  'LOCKMING.PRODUCT_ENDED': {
    en: 'This product has ended and can no longer be bought', zh: '该产品已结束，无法再购买', hk: '該產品已結束，無法再購買',
    th: 'ผลิตภัณฑ์นี้สิ้นสุดแล้ว ไม่สามารถซื้อได้อีก', jp: 'この商品は終了したため、購入できません', kor: '종료된 상품으로 더 이상 구매할 수 없습니다',
    fra: 'Ce produit est terminé et ne peut plus être acheté', spa: 'Este producto ha finalizado y ya no se puede comprar', trq: 'Bu ürün sona erdi, artık satın alınamaz',
  },
  'LOCKMING.BELOW_MINIMUM': {
    en: 'The amount is below the minimum single amount', zh: '金额低于单笔最低金额', hk: '金額低於單筆最低金額',
    th: 'จำนวนต่ำกว่าขั้นต่ำต่อครั้ง', jp: '金額が1回あたりの最低金額を下回っています', kor: '금액이 1회 최소 금액보다 적습니다',
    fra: 'Le montant est inférieur au minimum par opération', spa: 'El importe es inferior al mínimo por operación', trq: 'Tutar, tek seferlik en düşük tutarın altında',
  },
  'LOCKMING.ABOVE_MAXIMUM': {
    en: 'The amount is above the maximum single amount', zh: '金额超过单笔最高金额', hk: '金額超過單筆最高金額',
    th: 'จำนวนเกินสูงสุดต่อครั้ง', jp: '金額が1回あたりの最高金額を超えています', kor: '금액이 1회 최대 금액을 초과합니다',
    fra: 'Le montant dépasse le maximum par opération', spa: 'El importe supera el máximo por operación', trq: 'Tutar, tek seferlik en yüksek tutarı aşıyor',
  },
  'LOCKMING.INSUFFICIENT_BALANCE': {
    en: 'Insufficient balance in the mining account', zh: '矿机账户余额不足', hk: '礦機賬戶餘額不足',
    th: 'ยอดคงเหลือในบัญชีการขุดไม่เพียงพอ', jp: 'マイニング口座の残高が不足しています', kor: '마이닝 계정의 잔액이 부족합니다',
    fra: 'Solde insuffisant sur le compte de minage', spa: 'Saldo insuficiente en la cuenta de minería', trq: 'Madencilik hesabında yetersiz bakiye',
  },
  'LOCKMING.ALREADY_REDEEMED': {
    en: 'This order has already been redeemed', zh: '该订单已赎回', hk: '該訂單已贖回',
    th: 'คำสั่งนี้ถูกไถ่ถอนแล้ว', jp: 'この注文はすでに償還されています', kor: '이미 상환된 주문입니다',
    fra: 'Cet ordre a déjà été remboursé', spa: 'Esta orden ya ha sido rescatada', trq: 'Bu emir zaten itfa edildi',
  },
  'LOCKMING.CATEGORY_INVALID': {
    en: 'Unknown product category', zh: '未知的产品类别', hk: '未知的產品類別',
    th: 'ไม่รู้จักหมวดหมู่ผลิตภัณฑ์', jp: '不明な商品カテゴリです', kor: '알 수 없는 상품 분류입니다',
    fra: 'Catégorie de produit inconnue', spa: 'Categoría de producto desconocida', trq: 'Bilinmeyen ürün kategorisi',
  },
  'LOCKMING.STATUS_INVALID': {
    en: 'Unknown order status', zh: '未知的订单状态', hk: '未知的訂單狀態',
    th: 'ไม่รู้จักสถานะคำสั่ง', jp: '不明な注文ステータスです', kor: '알 수 없는 주문 상태입니다',
    fra: 'Statut d’ordre inconnu', spa: 'Estado de orden desconocido', trq: 'Bilinmeyen emir durumu',
  },
};
