import type { ErrorCode } from '../../../contract/error-codes.ts';
import type { Locale } from '../../../contract/locales.ts';

/**
 * Error texts of contracts (futures, stock contracts, seconds options). listed on the module's face (module.ts). Section 8's wording where it has one ("Please enter
 * the correct number, price or amount").
 */
export const CONTRACT_ERROR_TEXTS = {
  'CONTRACT.SYMBOL_UNAVAILABLE': {
    en: 'This trading pair is not available for contracts', zh: '该交易对暂不支持合约交易', hk: '該交易對暫不支援合約交易',
    th: 'คู่เทรดนี้ยังไม่เปิดให้เทรดสัญญา', jp: 'この取引ペアは先物取引に対応していません', kor: '이 거래 페어는 선물 거래를 지원하지 않습니다',
    fra: 'Cette paire n’est pas disponible pour les contrats', spa: 'Este par no está disponible para contratos', trq: 'Bu parite vadeli işleme açık değil',
  },
  'CONTRACT.PRICE_UNAVAILABLE': {
    en: 'No price is available for this pair yet, please try again shortly', zh: '该交易对暂无价格，请稍后再试', hk: '該交易對暫無價格，請稍後再試',
    th: 'ยังไม่มีราคาสำหรับคู่นี้ โปรดลองใหม่ในอีกสักครู่', jp: 'この取引ペアの価格はまだありません。しばらくしてからお試しください', kor: '이 거래 페어의 가격이 아직 없습니다. 잠시 후 다시 시도하세요',
    fra: 'Aucun prix n’est encore disponible pour cette paire, réessayez bientôt', spa: 'Aún no hay precio para este par, inténtalo en breve', trq: 'Bu parite için henüz fiyat yok, lütfen birazdan tekrar deneyin',
  },
  'CONTRACT.MULTIPLE_INVALID': {
    en: 'Please choose one of the offered multiples', zh: '请选择可用的倍数', hk: '請選擇可用的倍數', th: 'โปรดเลือกตัวคูณที่มีให้',
    jp: '提示された倍率から選択してください', kor: '제공된 배수 중에서 선택하세요', fra: 'Veuillez choisir l’un des multiples proposés',
    spa: 'Elige uno de los multiplicadores ofrecidos', trq: 'Lütfen sunulan çarpanlardan birini seçin',
  },
  'CONTRACT.LOTS_INVALID': {
    en: 'Please enter a whole number of lots within the allowed range', zh: '请输入允许范围内的整数张数', hk: '請輸入允許範圍內的整數張數',
    th: 'โปรดกรอกจำนวนล็อตเป็นจำนวนเต็มภายในช่วงที่กำหนด', jp: '許可された範囲内の整数のロット数を入力してください', kor: '허용 범위 안의 정수 랏 수를 입력하세요',
    fra: 'Veuillez saisir un nombre entier de lots dans la plage autorisée', spa: 'Introduce un número entero de lotes dentro del rango permitido', trq: 'Lütfen izin verilen aralıkta tam sayı lot girin',
  },
  'CONTRACT.PRICE_INVALID': {
    en: 'Please enter the correct price', zh: '请输入正确的价格', hk: '請輸入正確的價格', th: 'โปรดกรอกราคาที่ถูกต้อง',
    jp: '正しい価格を入力してください', kor: '올바른 가격을 입력하세요', fra: 'Veuillez saisir un prix correct',
    spa: 'Introduce un precio correcto', trq: 'Lütfen doğru fiyatı girin',
  },
  'CONTRACT.TAKE_PROFIT_INVALID': {
    en: 'The take-profit price must be above the price for a long and below it for a short', zh: '止盈价：做多须高于当前价，做空须低于当前价', hk: '止盈價：做多須高於當前價，做空須低於當前價',
    th: 'ราคาทำกำไร: Long ต้องสูงกว่าราคา Short ต้องต่ำกว่าราคา', jp: '利確価格は、ロングでは価格より高く、ショートでは低くしてください', kor: '익절가는 롱은 현재가보다 높게, 숏은 낮게 설정하세요',
    fra: 'Le prix de prise de bénéfice doit être au-dessus du prix pour un long et en dessous pour un short', spa: 'El precio de toma de ganancias debe estar por encima del precio en largo y por debajo en corto', trq: 'Kâr al fiyatı long için fiyatın üstünde, short için altında olmalı',
  },
  'CONTRACT.STOP_LOSS_INVALID': {
    en: 'The stop-loss price must be below the price for a long and above it for a short', zh: '止损价：做多须低于当前价，做空须高于当前价', hk: '止損價：做多須低於當前價，做空須高於當前價',
    th: 'ราคาตัดขาดทุน: Long ต้องต่ำกว่าราคา Short ต้องสูงกว่าราคา', jp: '損切り価格は、ロングでは価格より低く、ショートでは高くしてください', kor: '손절가는 롱은 현재가보다 낮게, 숏은 높게 설정하세요',
    fra: 'Le prix stop-loss doit être en dessous du prix pour un long et au-dessus pour un short', spa: 'El precio de stop-loss debe estar por debajo del precio en largo y por encima en corto', trq: 'Zarar durdur fiyatı long için fiyatın altında, short için üstünde olmalı',
  },
  'CONTRACT.POSITION_NOT_OPEN': {
    en: 'This position is no longer open', zh: '该持仓已不在持仓中', hk: '該持倉已不在持倉中', th: 'สถานะนี้ไม่ได้เปิดอยู่แล้ว',
    jp: 'このポジションはすでに決済されています', kor: '이 포지션은 더 이상 열려 있지 않습니다', fra: 'Cette position n’est plus ouverte',
    spa: 'Esta posición ya no está abierta', trq: 'Bu pozisyon artık açık değil',
  },
  'CONTRACT.ORDER_NOT_PENDING': {
    en: 'This order can no longer be cancelled', zh: '该委托已无法撤销', hk: '該委託已無法撤銷', th: 'ไม่สามารถยกเลิกคำสั่งนี้ได้แล้ว',
    jp: 'この注文はもう取り消せません', kor: '이 주문은 더 이상 취소할 수 없습니다', fra: 'Cet ordre ne peut plus être annulé',
    spa: 'Esta orden ya no se puede cancelar', trq: 'Bu emir artık iptal edilemez',
  },
  'CONTRACT.TOO_MANY_POSITIONS': {
    en: 'You have reached the maximum number of open positions and orders', zh: '持仓和委托数量已达上限', hk: '持倉和委託數量已達上限',
    th: 'คุณมีสถานะและคำสั่งที่เปิดอยู่ครบจำนวนสูงสุดแล้ว', jp: '保有ポジションと注文の数が上限に達しました', kor: '보유 포지션과 주문 수가 한도에 도달했습니다',
    fra: 'Vous avez atteint le nombre maximal de positions et d’ordres ouverts', spa: 'Has alcanzado el máximo de posiciones y órdenes abiertas', trq: 'Açık pozisyon ve emir sayısı sınırına ulaştınız',
  },
  'OPTION.PERIOD_UNAVAILABLE': {
    en: 'Please choose one of the offered expiry times', zh: '请选择可用的到期时间', hk: '請選擇可用的到期時間', th: 'โปรดเลือกเวลาหมดอายุที่มีให้',
    jp: '提示された満期時間から選択してください', kor: '제공된 만기 시간 중에서 선택하세요', fra: 'Veuillez choisir l’une des échéances proposées',
    spa: 'Elige uno de los vencimientos ofrecidos', trq: 'Lütfen sunulan vade sürelerinden birini seçin',
  },
  'OPTION.CURRENCY_UNAVAILABLE': {
    en: 'This currency cannot be used as a stake', zh: '该币种不能用于下单', hk: '該幣種不能用於下單', th: 'ไม่สามารถใช้สกุลเงินนี้วางเดิมพันได้',
    jp: 'この通貨は投資額に使えません', kor: '이 통화는 주문 금액으로 사용할 수 없습니다', fra: 'Cette devise ne peut pas servir de mise',
    spa: 'Esta moneda no se puede usar como importe', trq: 'Bu para birimi tutar olarak kullanılamaz',
  },
  'OPTION.STAKE_TOO_SMALL': {
    en: 'The amount is below the minimum for this expiry', zh: '数量低于该到期时间的最小金额', hk: '數量低於該到期時間的最小金額',
    th: 'จำนวนต่ำกว่าขั้นต่ำสำหรับเวลาหมดอายุนี้', jp: '金額がこの満期の最小額を下回っています', kor: '금액이 이 만기의 최소 금액보다 적습니다',
    fra: 'Le montant est inférieur au minimum pour cette échéance', spa: 'La cantidad es inferior al mínimo para este vencimiento', trq: 'Tutar bu vade için minimumun altında',
  },
  'OPTION.STAKE_TOO_LARGE': {
    en: 'The amount is above the maximum for this expiry', zh: '数量高于该到期时间的最大金额', hk: '數量高於該到期時間的最大金額',
    th: 'จำนวนสูงกว่าขั้นสูงสุดสำหรับเวลาหมดอายุนี้', jp: '金額がこの満期の最大額を超えています', kor: '금액이 이 만기의 최대 금액보다 많습니다',
    fra: 'Le montant dépasse le maximum pour cette échéance', spa: 'La cantidad supera el máximo para este vencimiento', trq: 'Tutar bu vade için maksimumun üstünde',
  },
  'OPTION.TOO_MANY_OPEN': {
    en: 'You have too many options in progress, please wait for some to settle', zh: '进行中的订单过多，请等待结算后再下单', hk: '進行中的訂單過多，請等待結算後再下單',
    th: 'คุณมีออปชันที่กำลังดำเนินอยู่มากเกินไป โปรดรอให้บางรายการชำระก่อน', jp: '進行中のオプションが多すぎます。決済を待ってから注文してください', kor: '진행 중인 옵션이 너무 많습니다. 일부가 정산될 때까지 기다리세요',
    fra: 'Vous avez trop d’options en cours, attendez qu’une partie soit réglée', spa: 'Tienes demasiadas opciones en curso, espera a que se liquiden algunas', trq: 'Devam eden çok fazla opsiyonunuz var, lütfen bazılarının sonuçlanmasını bekleyin',
  },
} satisfies Partial<Record<ErrorCode, Record<Locale, string>>>;
