import type { ErrorCode } from '../../../contract/error-codes.ts';
import type { Locale } from '../../../contract/locales.ts';

/**
 * Error texts of the earn products (invest and dual), listed on the module's face. Section 8's
 * wording where it has one: "Please enter purchase quantity", "Please enter an integer", the
 * minimum purchase.
 */
export const EARN_ERROR_TEXTS = {
  'INVEST.QUANTITY_REQUIRED': {
    en: 'Please enter purchase quantity', zh: '请输入购买数量', hk: '請輸入購買數量', th: 'โปรดกรอกจำนวนที่ต้องการซื้อ',
    jp: '購入数量を入力してください', kor: '구매 수량을 입력하세요', fra: 'Veuillez saisir la quantité à acheter',
    spa: 'Introduce la cantidad a comprar', trq: 'Lütfen satın alma miktarını girin',
  },
  'INVEST.QUANTITY_INTEGER': {
    en: 'Please enter an integer', zh: '请输入整数', hk: '請輸入整數', th: 'โปรดกรอกจำนวนเต็ม',
    jp: '整数を入力してください', kor: '정수를 입력하세요', fra: 'Veuillez saisir un nombre entier',
    spa: 'Introduce un número entero', trq: 'Lütfen bir tam sayı girin',
  },
  'INVEST.QUANTITY_BELOW_MIN': {
    en: 'The quantity is below the minimum purchase', zh: '购买数量低于最低申购份数', hk: '購買數量低於最低申購份數', th: 'จำนวนต่ำกว่าขั้นต่ำในการซื้อ',
    jp: '購入数量が最低購入数を下回っています', kor: '구매 수량이 최소 구매 수량보다 적습니다', fra: 'La quantité est inférieure à l’achat minimum',
    spa: 'La cantidad es inferior a la compra mínima', trq: 'Miktar asgari satın alma miktarının altında',
  },
  'INVEST.SHARES_UNAVAILABLE': {
    en: 'Not enough shares remain for this purchase', zh: '剩余份数不足', hk: '剩餘份數不足', th: 'หน่วยที่เหลือไม่เพียงพอสำหรับการซื้อนี้',
    jp: '残りの口数が足りません', kor: '남은 수량이 부족합니다', fra: 'Il ne reste pas assez de parts pour cet achat',
    spa: 'No quedan suficientes participaciones para esta compra', trq: 'Bu alım için yeterli pay kalmadı',
  },
  'INVEST.PRODUCT_CLOSED': {
    en: 'This product is closed to new purchases', zh: '该产品已停止申购', hk: '該產品已停止申購', th: 'ผลิตภัณฑ์นี้ปิดรับการซื้อแล้ว',
    jp: 'この商品は購入を受け付けていません', kor: '이 상품은 신규 구매가 마감되었습니다', fra: 'Ce produit n’accepte plus d’achats',
    spa: 'Este producto ya no admite compras', trq: 'Bu ürün yeni alımlara kapalı',
  },
  'DUAL.AMOUNT_REQUIRED': {
    en: 'Please enter the amount', zh: '请输入数量', hk: '請輸入數量', th: 'โปรดกรอกจำนวน',
    jp: '数量を入力してください', kor: '수량을 입력하세요', fra: 'Veuillez saisir le montant',
    spa: 'Introduce la cantidad', trq: 'Lütfen miktarı girin',
  },
  'DUAL.AMOUNT_INVALID': {
    en: 'Please enter the correct amount', zh: '请输入正确的数量', hk: '請輸入正確的數量', th: 'โปรดกรอกจำนวนที่ถูกต้อง',
    jp: '正しい数量を入力してください', kor: '올바른 수량을 입력하세요', fra: 'Veuillez saisir un montant correct',
    spa: 'Introduce una cantidad correcta', trq: 'Lütfen doğru miktarı girin',
  },
  'DUAL.AMOUNT_BELOW_MIN': {
    en: 'The amount is below the minimum purchase', zh: '数量低于最低申购额', hk: '數量低於最低申購額', th: 'จำนวนต่ำกว่าขั้นต่ำในการซื้อ',
    jp: '数量が最低購入額を下回っています', kor: '수량이 최소 구매 금액보다 적습니다', fra: 'Le montant est inférieur à l’achat minimum',
    spa: 'La cantidad es inferior a la compra mínima', trq: 'Miktar asgari satın alma tutarının altında',
  },
  'DUAL.QUOTA_EXCEEDED': {
    en: 'The amount exceeds what remains of this product', zh: '数量超过产品剩余额度', hk: '數量超過產品剩餘額度', th: 'จำนวนเกินวงเงินที่เหลือของผลิตภัณฑ์นี้',
    jp: '数量がこの商品の残り枠を超えています', kor: '수량이 상품의 남은 한도를 초과합니다', fra: 'Le montant dépasse ce qui reste de ce produit',
    spa: 'La cantidad supera lo que queda de este producto', trq: 'Miktar bu ürünün kalan kotasını aşıyor',
  },
  'DUAL.PRODUCT_CLOSED': {
    en: 'This product is closed to new purchases', zh: '该产品已停止申购', hk: '該產品已停止申購', th: 'ผลิตภัณฑ์นี้ปิดรับการซื้อแล้ว',
    jp: 'この商品は購入を受け付けていません', kor: '이 상품은 신규 구매가 마감되었습니다', fra: 'Ce produit n’accepte plus d’achats',
    spa: 'Este producto ya no admite compras', trq: 'Bu ürün yeni alımlara kapalı',
  },
  'DUAL.TYPE_INVALID': {
    en: 'Please choose sell high or buy low', zh: '请选择高卖或低买', hk: '請選擇高賣或低買', th: 'โปรดเลือกขายสูงหรือซื้อต่ำ',
    jp: '高値売りか安値買いを選択してください', kor: '고가 매도 또는 저가 매수를 선택하세요', fra: 'Veuillez choisir vendre haut ou acheter bas',
    spa: 'Elige vender alto o comprar bajo', trq: 'Lütfen yüksekten sat veya düşükten al seçin',
  },
} satisfies Partial<Record<ErrorCode, Record<Locale, string>>>;
