import type { ErrorTexts } from '../../http/error-texts.ts';

/**
 * Error texts of markets and spot trading (issue 4), listed on the module's face (module.ts). Section 8's
 * "Please enter the correct number, price or amount" for malformed prices.
 */
export const MARKET_ERROR_TEXTS = {
  'MARKET.SYMBOL_UNAVAILABLE': {
    en: 'This trading pair is not available', zh: '该交易对暂不可用', hk: '該交易對暫不可用', th: 'คู่เทรดนี้ไม่พร้อมใช้งาน',
    jp: 'この取引ペアは利用できません', kor: '이 거래 페어는 사용할 수 없습니다', fra: 'Cette paire de trading n’est pas disponible',
    spa: 'Este par de trading no está disponible', trq: 'Bu parite kullanılamıyor',
  },
  'MARKET.FAVOURITES_FULL': {
    en: 'Your favourites list is full, please remove some pairs first', zh: '自选已满，请先移除部分交易对', hk: '自選已滿，請先移除部分交易對',
    th: 'รายการโปรดเต็มแล้ว โปรดลบบางคู่ออกก่อน', jp: 'お気に入りがいっぱいです。先にいくつか削除してください', kor: '관심 목록이 가득 찼습니다. 먼저 일부를 삭제하세요',
    fra: 'Votre liste de favoris est pleine, retirez d’abord quelques paires', spa: 'Tu lista de favoritos está llena, quita primero algunos pares',
    trq: 'Favori listeniz dolu, lütfen önce bazı pariteleri kaldırın',
  },
  'ORDER.PRICE_INVALID': {
    en: 'Please enter the correct price', zh: '请输入正确的价格', hk: '請輸入正確的價格', th: 'โปรดกรอกราคาที่ถูกต้อง', jp: '正しい価格を入力してください',
    kor: '올바른 가격을 입력하세요', fra: 'Veuillez saisir un prix correct', spa: 'Introduce un precio correcto', trq: 'Lütfen doğru fiyatı girin',
  },
  'ORDER.PRICE_TICK': {
    en: 'The price must be a multiple of this pair’s price step', zh: '价格须为该交易对价格精度的整数倍', hk: '價格須為該交易對價格精度的整數倍',
    th: 'ราคาต้องเป็นพหุคูณของช่วงราคาของคู่นี้', jp: '価格はこのペアの呼値の倍数で入力してください', kor: '가격은 이 거래 페어의 호가 단위의 배수여야 합니다',
    fra: 'Le prix doit être un multiple du pas de prix de cette paire', spa: 'El precio debe ser múltiplo del paso de precio de este par',
    trq: 'Fiyat, bu paritenin fiyat adımının katı olmalıdır',
  },
  'ORDER.AMOUNT_LOT': {
    en: 'The amount must be a multiple of this pair’s amount step', zh: '数量须为该交易对数量精度的整数倍', hk: '數量須為該交易對數量精度的整數倍',
    th: 'จำนวนต้องเป็นพหุคูณของหน่วยจำนวนของคู่นี้', jp: '数量はこのペアの数量単位の倍数で入力してください', kor: '수량은 이 거래 페어의 수량 단위의 배수여야 합니다',
    fra: 'La quantité doit être un multiple du pas de quantité de cette paire', spa: 'La cantidad debe ser múltiplo del paso de cantidad de este par',
    trq: 'Miktar, bu paritenin miktar adımının katı olmalıdır',
  },
  'ORDER.MIN_NOTIONAL': {
    en: 'The order value is below this pair’s minimum', zh: '委托金额低于该交易对的最小金额', hk: '委託金額低於該交易對的最小金額',
    th: 'มูลค่าคำสั่งต่ำกว่าขั้นต่ำของคู่นี้', jp: '注文金額がこのペアの最小額を下回っています', kor: '주문 금액이 이 거래 페어의 최소 금액보다 적습니다',
    fra: 'La valeur de l’ordre est inférieure au minimum de cette paire', spa: 'El valor de la orden es inferior al mínimo de este par',
    trq: 'Emir değeri bu paritenin minimumunun altında',
  },
  'ORDER.TOO_LARGE': {
    en: 'The order is too large', zh: '委托数量过大', hk: '委託數量過大', th: 'คำสั่งมีขนาดใหญ่เกินไป', jp: '注文が大きすぎます',
    kor: '주문이 너무 큽니다', fra: 'L’ordre est trop important', spa: 'La orden es demasiado grande', trq: 'Emir çok büyük',
  },
  'ORDER.NO_LIQUIDITY': {
    en: 'There are no orders to trade with at market price, please place a limit order', zh: '当前没有可成交的挂单，请使用限价委托',
    hk: '目前沒有可成交的掛單，請使用限價委託', th: 'ขณะนี้ไม่มีคำสั่งให้จับคู่ที่ราคาตลาด โปรดใช้คำสั่งแบบจำกัดราคา',
    jp: '成行で約定できる注文がありません。指値注文をご利用ください', kor: '시장가로 체결할 주문이 없습니다. 지정가 주문을 이용하세요',
    fra: 'Aucun ordre à exécuter au prix du marché, veuillez passer un ordre à cours limité',
    spa: 'No hay órdenes con las que operar a precio de mercado, usa una orden limitada', trq: 'Piyasa fiyatından eşleşecek emir yok, lütfen limit emir verin',
  },
  'ORDER.NOT_FOUND': {
    en: 'Order not found', zh: '委托不存在', hk: '委託不存在', th: 'ไม่พบคำสั่ง', jp: '注文が見つかりません', kor: '주문을 찾을 수 없습니다',
    fra: 'Ordre introuvable', spa: 'Orden no encontrada', trq: 'Emir bulunamadı',
  },
  'ORDER.NOT_OPEN': {
    en: 'This order is already filled or cancelled', zh: '该委托已成交或已撤销', hk: '該委託已成交或已撤銷', th: 'คำสั่งนี้ถูกจับคู่หรือยกเลิกแล้ว',
    jp: 'この注文はすでに約定または取消済みです', kor: '이 주문은 이미 체결되었거나 취소되었습니다', fra: 'Cet ordre est déjà exécuté ou annulé',
    spa: 'Esta orden ya se ejecutó o se canceló', trq: 'Bu emir zaten gerçekleşti veya iptal edildi',
  },
  'ORDER.TOO_MANY_OPEN': {
    en: 'You have too many open orders on this pair, please cancel some first', zh: '该交易对的当前委托过多，请先撤销部分委托',
    hk: '該交易對的當前委託過多，請先撤銷部分委託', th: 'คุณมีคำสั่งที่เปิดอยู่ในคู่นี้มากเกินไป โปรดยกเลิกบางรายการก่อน',
    jp: 'このペアの未約定注文が多すぎます。先にいくつか取り消してください', kor: '이 거래 페어의 미체결 주문이 너무 많습니다. 먼저 일부를 취소하세요',
    fra: 'Vous avez trop d’ordres ouverts sur cette paire, annulez-en d’abord quelques-uns',
    spa: 'Tienes demasiadas órdenes abiertas en este par, cancela primero algunas', trq: 'Bu paritede çok fazla açık emriniz var, lütfen önce bazılarını iptal edin',
  },
  'ORDER.BUSY': {
    en: 'The market is busy, please try again in a moment', zh: '市场繁忙，请稍后重试', hk: '市場繁忙，請稍後重試', th: 'ตลาดกำลังยุ่ง โปรดลองอีกครั้งในอีกสักครู่',
    jp: '市場が混み合っています。しばらくしてからもう一度お試しください', kor: '시장이 혼잡합니다. 잠시 후 다시 시도하세요',
    fra: 'Le marché est saturé, veuillez réessayer dans un instant', spa: 'El mercado está saturado, inténtalo de nuevo en un momento',
    trq: 'Piyasa yoğun, lütfen birazdan tekrar deneyin',
  },
} satisfies ErrorTexts;
