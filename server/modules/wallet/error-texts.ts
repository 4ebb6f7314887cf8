import type { ErrorCode } from '../../../contract/error-codes.ts';
import type { Locale } from '../../../contract/locales.ts';

/**
 * The money core's error texts (wallet, ledger, identity verification, payment settings), listed on the module's face (module.ts). Section 8's wording where it has one
 * ("Insufficient balance", "Please enter the correct amount", the minimum withdrawal).
 */
export const MONEY_ERROR_TEXTS = {
  'IDEMPOTENCY.KEY_REUSED': {
    en: 'This request was already sent with different details, please try again', zh: '该请求已使用不同内容提交过，请重新操作', hk: '該請求已使用不同內容提交過，請重新操作',
    th: 'คำขอนี้เคยส่งด้วยรายละเอียดอื่นแล้ว โปรดลองใหม่', jp: 'このリクエストは別の内容ですでに送信されています。もう一度操作してください',
    kor: '이 요청은 이미 다른 내용으로 전송되었습니다. 다시 시도하세요', fra: 'Cette requête a déjà été envoyée avec d’autres données, veuillez recommencer',
    spa: 'Esta solicitud ya se envió con otros datos, inténtalo de nuevo', trq: 'Bu istek farklı bilgilerle zaten gönderildi, lütfen tekrar deneyin',
  },
  'WALLET.INSUFFICIENT_BALANCE': {
    en: 'Insufficient balance', zh: '余额不足', hk: '餘額不足', th: 'ยอดคงเหลือไม่เพียงพอ', jp: '残高が不足しています',
    kor: '잔액이 부족합니다', fra: 'Solde insuffisant', spa: 'Saldo insuficiente', trq: 'Yetersiz bakiye',
  },
  'WALLET.AMOUNT_DECIMALS': {
    en: 'Too many decimal places for this currency', zh: '小数位数超过该币种允许的位数', hk: '小數位數超過該幣種允許的位數',
    th: 'จำนวนทศนิยมเกินกว่าที่สกุลเงินนี้รองรับ', jp: 'この通貨で使える小数点以下の桁数を超えています', kor: '이 통화에서 허용하는 소수 자릿수를 초과했습니다',
    fra: 'Trop de décimales pour cette devise', spa: 'Demasiados decimales para esta moneda', trq: 'Bu para birimi için çok fazla ondalık basamak',
  },
  'WALLET.AMOUNT_TOO_SMALL': {
    en: 'The amount is too small to cover the fee', zh: '数量过小，不足以支付手续费', hk: '數量過小，不足以支付手續費',
    th: 'จำนวนน้อยเกินไปสำหรับค่าธรรมเนียม', jp: '数量が少なすぎて手数料をまかなえません', kor: '수량이 너무 적어 수수료를 낼 수 없습니다',
    fra: 'Le montant est trop faible pour couvrir les frais', spa: 'La cantidad es demasiado pequeña para cubrir la comisión', trq: 'Tutar, ücreti karşılamak için çok küçük',
  },
  'WALLET.BELOW_MIN_WITHDRAW': {
    en: 'The amount is below the minimum withdrawal', zh: '低于最小提币数量', hk: '低於最小提幣數量', th: 'จำนวนต่ำกว่ายอดถอนขั้นต่ำ',
    jp: '最小出金額を下回っています', kor: '최소 출금 수량보다 적습니다', fra: 'Le montant est inférieur au retrait minimum',
    spa: 'La cantidad es inferior al retiro mínimo', trq: 'Tutar, minimum çekim tutarının altında',
  },
  'WALLET.ADDRESS_INVALID': {
    en: 'Please enter a valid address for this network', zh: '请输入该网络的正确地址', hk: '請輸入該網絡的正確地址',
    th: 'โปรดกรอกที่อยู่ที่ถูกต้องสำหรับเครือข่ายนี้', jp: 'このネットワークの正しいアドレスを入力してください', kor: '이 네트워크에 맞는 올바른 주소를 입력하세요',
    fra: 'Veuillez saisir une adresse valide pour ce réseau', spa: 'Introduce una dirección válida para esta red', trq: 'Lütfen bu ağ için geçerli bir adres girin',
  },
  'WALLET.CURRENCY_UNAVAILABLE': {
    en: 'This currency is not available', zh: '该币种暂不可用', hk: '該幣種暫不可用', th: 'สกุลเงินนี้ไม่พร้อมใช้งาน', jp: 'この通貨は利用できません',
    kor: '이 통화는 사용할 수 없습니다', fra: 'Cette devise n’est pas disponible', spa: 'Esta moneda no está disponible', trq: 'Bu para birimi kullanılamıyor',
  },
  'WALLET.NETWORK_UNAVAILABLE': {
    en: 'This network is not available for this currency', zh: '该币种不支持此网络', hk: '該幣種不支援此網絡', th: 'สกุลเงินนี้ไม่รองรับเครือข่ายนี้',
    jp: 'この通貨ではこのネットワークを利用できません', kor: '이 통화에서는 이 네트워크를 사용할 수 없습니다', fra: 'Ce réseau n’est pas disponible pour cette devise',
    spa: 'Esta red no está disponible para esta moneda', trq: 'Bu ağ bu para birimi için kullanılamıyor',
  },
  'WALLET.ACCOUNT_INVALID': {
    en: 'Please choose a valid account', zh: '请选择正确的账户', hk: '請選擇正確的賬戶', th: 'โปรดเลือกบัญชีที่ถูกต้อง', jp: '正しい口座を選択してください',
    kor: '올바른 계정을 선택하세요', fra: 'Veuillez choisir un compte valide', spa: 'Elige una cuenta válida', trq: 'Lütfen geçerli bir hesap seçin',
  },
  'WALLET.SAME_ACCOUNT': {
    en: 'Please choose two different accounts', zh: '请选择两个不同的账户', hk: '請選擇兩個不同的賬戶', th: 'โปรดเลือกบัญชีสองบัญชีที่ต่างกัน',
    jp: '異なる 2 つの口座を選択してください', kor: '서로 다른 두 계정을 선택하세요', fra: 'Veuillez choisir deux comptes différents',
    spa: 'Elige dos cuentas distintas', trq: 'Lütfen iki farklı hesap seçin',
  },
  'WALLET.WITHDRAW_LIMIT': {
    en: 'This exceeds your 24-hour withdrawal limit', zh: '超出 24 小时提币限额', hk: '超出 24 小時提幣限額', th: 'เกินวงเงินถอนใน 24 ชั่วโมงของคุณ',
    jp: '24 時間の出金限度額を超えています', kor: '24시간 출금 한도를 초과했습니다', fra: 'Cela dépasse votre limite de retrait sur 24 heures',
    spa: 'Supera tu límite de retiro de 24 horas', trq: 'Bu, 24 saatlik çekim limitinizi aşıyor',
  },
  'WALLET.FIAT_LIMIT': {
    en: 'This exceeds your single fiat trade limit', zh: '超出单笔法币交易限额', hk: '超出單筆法幣交易限額', th: 'เกินวงเงินซื้อขายเงินเฟียตต่อครั้งของคุณ',
    jp: '1 回あたりの法定通貨取引限度額を超えています', kor: '1회 법정화폐 거래 한도를 초과했습니다', fra: 'Cela dépasse votre limite par opération en monnaie fiduciaire',
    spa: 'Supera tu límite por operación en moneda fiduciaria', trq: 'Bu, tek seferlik itibari para işlem limitinizi aşıyor',
  },
  'WALLET.PAY_PASSWORD_REQUIRED': {
    en: 'Please set a payment password first', zh: '请先设置资金密码', hk: '請先設定資金密碼', th: 'โปรดตั้งรหัสผ่านการชำระเงินก่อน',
    jp: '先に資金パスワードを設定してください', kor: '먼저 자금 비밀번호를 설정하세요', fra: 'Veuillez d’abord définir un mot de passe de paiement',
    spa: 'Configura primero una contraseña de pago', trq: 'Lütfen önce bir ödeme şifresi belirleyin',
  },
  'WALLET.PAY_PASSWORD_WRONG': {
    en: 'Wrong payment password', zh: '资金密码错误', hk: '資金密碼錯誤', th: 'รหัสผ่านการชำระเงินไม่ถูกต้อง', jp: '資金パスワードが違います',
    kor: '자금 비밀번호가 틀렸습니다', fra: 'Mot de passe de paiement incorrect', spa: 'Contraseña de pago incorrecta', trq: 'Ödeme şifresi yanlış',
  },
  'WALLET.PAY_PASSWORD_LOCKED': {
    en: 'Too many wrong payment passwords. Try again in 15 minutes', zh: '资金密码错误次数过多，请 15 分钟后再试', hk: '資金密碼錯誤次數過多，請 15 分鐘後再試',
    th: 'กรอกรหัสผ่านการชำระเงินผิดหลายครั้งเกินไป โปรดลองใหม่ใน 15 นาที', jp: '資金パスワードの誤りが多すぎます。15 分後にもう一度お試しください',
    kor: '자금 비밀번호를 너무 많이 틀렸습니다. 15분 후에 다시 시도하세요', fra: 'Trop de mots de passe de paiement erronés. Réessayez dans 15 minutes',
    spa: 'Demasiadas contraseñas de pago incorrectas. Inténtalo de nuevo en 15 minutos', trq: 'Çok fazla hatalı ödeme şifresi. 15 dakika sonra tekrar deneyin',
  },
  'WALLET.RECEIVER_NOT_FOUND': {
    en: 'The recipient account does not exist', zh: '收款账户不存在', hk: '收款賬戶不存在', th: 'ไม่พบบัญชีผู้รับ', jp: '受取人のアカウントが存在しません',
    kor: '받는 사람 계정이 존재하지 않습니다', fra: 'Le compte destinataire n’existe pas', spa: 'La cuenta del destinatario no existe', trq: 'Alıcı hesabı bulunamadı',
  },
  'WALLET.SELF_TRANSFER': {
    en: 'You cannot transfer to yourself', zh: '不能转账给自己', hk: '不能轉賬給自己', th: 'ไม่สามารถโอนให้ตัวเองได้', jp: '自分自身には送金できません',
    kor: '자신에게는 이체할 수 없습니다', fra: 'Vous ne pouvez pas vous transférer des fonds à vous-même', spa: 'No puedes transferirte a ti mismo', trq: 'Kendinize transfer yapamazsınız',
  },
  'WALLET.POSITIONS_AT_LOSS': {
    en: 'Your open positions are at a loss that holds part of this balance: move less, or close positions first',
    zh: '您的持仓当前亏损，占用了部分余额：请减少金额或先平仓', hk: '您的持倉目前虧損，佔用了部分餘額：請減少金額或先平倉',
    th: 'สถานะที่เปิดอยู่กำลังขาดทุนและกันยอดเงินส่วนนี้ไว้: โปรดโอนน้อยลงหรือปิดสถานะก่อน',
    jp: '保有ポジションの含み損が残高の一部を拘束しています。金額を減らすか、先にポジションを決済してください',
    kor: '보유 포지션의 미실현 손실이 잔액 일부를 묶고 있습니다. 금액을 줄이거나 먼저 포지션을 정리하세요',
    fra: 'Vos positions ouvertes sont en perte et bloquent une partie de ce solde : transférez moins ou clôturez d’abord des positions',
    spa: 'Tus posiciones abiertas están en pérdida y retienen parte de este saldo: mueve menos o cierra posiciones primero',
    trq: 'Açık pozisyonlarınız zararda ve bu bakiyenin bir kısmını tutuyor: daha az aktarın veya önce pozisyonları kapatın',
  },
  'WALLET.EXCHANGE_UNAVAILABLE': {
    en: 'These currencies cannot be exchanged', zh: '这两个币种暂不支持兑换', hk: '這兩個幣種暫不支援兌換', th: 'ไม่สามารถแลกเปลี่ยนสกุลเงินคู่นี้ได้',
    jp: 'この通貨の組み合わせは交換できません', kor: '이 통화들은 교환할 수 없습니다', fra: 'Ces devises ne peuvent pas être échangées',
    spa: 'Estas monedas no se pueden intercambiar', trq: 'Bu para birimleri takas edilemez',
  },
  'WALLET.CHARGES_PENDING': {
    en: 'You have too many top-up requests waiting, please wait until they are processed', zh: '待处理的充值申请过多，请等待处理后再提交',
    hk: '待處理的充值申請過多，請等待處理後再提交', th: 'คุณมีคำขอเติมเงินที่รอดำเนินการมากเกินไป โปรดรอให้ดำเนินการเสร็จก่อน',
    jp: '処理待ちの入金申請が多すぎます。処理が終わるまでお待ちください', kor: '대기 중인 충전 신청이 너무 많습니다. 처리될 때까지 기다려 주세요',
    fra: 'Vous avez trop de demandes de recharge en attente, veuillez attendre leur traitement',
    spa: 'Tienes demasiadas solicitudes de recarga pendientes, espera a que se procesen', trq: 'Bekleyen çok fazla yükleme talebiniz var, lütfen işlenmelerini bekleyin',
  },
  'WALLET.ADDRESS_BOOK_FULL': {
    en: 'Your address book is full, please delete an address first', zh: '地址簿已满，请先删除一个地址', hk: '地址簿已滿，請先刪除一個地址',
    th: 'สมุดที่อยู่เต็มแล้ว โปรดลบที่อยู่ก่อน', jp: 'アドレス帳がいっぱいです。先にアドレスを削除してください', kor: '주소록이 가득 찼습니다. 먼저 주소를 삭제하세요',
    fra: 'Votre carnet d’adresses est plein, supprimez d’abord une adresse', spa: 'Tu libreta de direcciones está llena, elimina primero una dirección',
    trq: 'Adres defteriniz dolu, lütfen önce bir adres silin',
  },
  'WALLET.NOT_CHANGEABLE': {
    en: 'This request has already been processed', zh: '该申请已处理，无法更改', hk: '該申請已處理，無法更改', th: 'คำขอนี้ได้รับการดำเนินการแล้ว',
    jp: 'この申請はすでに処理されています', kor: '이 요청은 이미 처리되었습니다', fra: 'Cette demande a déjà été traitée',
    spa: 'Esta solicitud ya se ha procesado', trq: 'Bu talep zaten işlendi',
  },
  'KYC.BINDING_REQUIRED': {
    en: 'Please bind your email and mobile number first', zh: '请先绑定邮箱和手机号', hk: '請先綁定電郵和手機號碼',
    th: 'โปรดผูกอีเมลและหมายเลขโทรศัพท์มือถือก่อน', jp: '先にメールアドレスと携帯電話番号を連携してください', kor: '먼저 이메일과 휴대폰 번호를 연동하세요',
    fra: 'Veuillez d’abord associer votre e-mail et votre numéro de mobile', spa: 'Vincula primero tu correo electrónico y tu número de móvil',
    trq: 'Lütfen önce e-posta adresinizi ve cep telefonu numaranızı bağlayın',
  },
  'KYC.UNDER_REVIEW': {
    en: 'Your verification is under review', zh: '您的认证正在审核中', hk: '您的認證正在審核中', th: 'การยืนยันตัวตนของคุณอยู่ระหว่างการตรวจสอบ',
    jp: '本人確認は審査中です', kor: '인증이 심사 중입니다', fra: 'Votre vérification est en cours d’examen', spa: 'Tu verificación está en revisión', trq: 'Doğrulamanız inceleniyor',
  },
  'KYC.ALREADY_VERIFIED': {
    en: 'This level is already verified', zh: '该等级已认证', hk: '該等級已認證', th: 'ระดับนี้ได้รับการยืนยันแล้ว', jp: 'このレベルはすでに認証済みです',
    kor: '이 등급은 이미 인증되었습니다', fra: 'Ce niveau est déjà vérifié', spa: 'Este nivel ya está verificado', trq: 'Bu seviye zaten doğrulandı',
  },
  'KYC.LEVEL1_REQUIRED': {
    en: 'Please complete basic verification first', zh: '请先完成初级认证', hk: '請先完成初級認證', th: 'โปรดยืนยันตัวตนระดับพื้นฐานก่อน',
    jp: '先に基本認証を完了してください', kor: '먼저 기본 인증을 완료하세요', fra: 'Veuillez d’abord terminer la vérification de base',
    spa: 'Completa primero la verificación básica', trq: 'Lütfen önce temel doğrulamayı tamamlayın',
  },
  'KYC.NOTHING_PENDING': {
    en: 'There is no verification waiting for review', zh: '没有待审核的认证', hk: '沒有待審核的認證', th: 'ไม่มีการยืนยันตัวตนที่รอตรวจสอบ',
    jp: '審査待ちの本人確認はありません', kor: '심사 대기 중인 인증이 없습니다', fra: 'Aucune vérification n’attend d’examen',
    spa: 'No hay ninguna verificación pendiente de revisión', trq: 'İnceleme bekleyen doğrulama yok',
  },
  'VALID.REAL_NAME': {
    en: 'Please enter your real name (2-50 letters)', zh: '请输入真实姓名（2-50 个字）', hk: '請輸入真實姓名（2-50 個字）', th: 'โปรดกรอกชื่อจริง (2-50 ตัวอักษร)',
    jp: '本名を入力してください（2〜50 文字）', kor: '실명을 입력하세요(2~50자)', fra: 'Veuillez saisir votre vrai nom (2 à 50 lettres)',
    spa: 'Introduce tu nombre real (2-50 letras)', trq: 'Lütfen gerçek adınızı girin (2-50 harf)',
  },
  'VALID.ID_NUMBER': {
    en: 'Please enter a valid document number', zh: '请输入正确的证件号码', hk: '請輸入正確的證件號碼', th: 'โปรดกรอกหมายเลขเอกสารที่ถูกต้อง',
    jp: '正しい書類番号を入力してください', kor: '올바른 신분증 번호를 입력하세요', fra: 'Veuillez saisir un numéro de document valide',
    spa: 'Introduce un número de documento válido', trq: 'Lütfen geçerli bir belge numarası girin',
  },
  'VALID.CARD_NUMBER': {
    en: 'Please enter a valid card number', zh: '请输入正确的银行卡号', hk: '請輸入正確的銀行卡號', th: 'โปรดกรอกหมายเลขบัตรที่ถูกต้อง',
    jp: '正しいカード番号を入力してください', kor: '올바른 카드 번호를 입력하세요', fra: 'Veuillez saisir un numéro de carte valide',
    spa: 'Introduce un número de tarjeta válido', trq: 'Lütfen geçerli bir kart numarası girin',
  },
  'VALID.SWIFT_CODE': {
    en: 'Please enter a valid SWIFT code', zh: '请输入正确的 SWIFT 代码', hk: '請輸入正確的 SWIFT 代碼', th: 'โปรดกรอกรหัส SWIFT ที่ถูกต้อง',
    jp: '正しい SWIFT コードを入力してください', kor: '올바른 SWIFT 코드를 입력하세요', fra: 'Veuillez saisir un code SWIFT valide',
    spa: 'Introduce un código SWIFT válido', trq: 'Lütfen geçerli bir SWIFT kodu girin',
  },
  'VALID.ABA_NUMBER': {
    en: 'Please enter a valid ABA routing number', zh: '请输入正确的 ABA 路由号', hk: '請輸入正確的 ABA 路由號碼', th: 'โปรดกรอกหมายเลข ABA ที่ถูกต้อง',
    jp: '正しい ABA ルーティング番号を入力してください', kor: '올바른 ABA 라우팅 번호를 입력하세요', fra: 'Veuillez saisir un numéro ABA valide',
    spa: 'Introduce un número de ruta ABA válido', trq: 'Lütfen geçerli bir ABA yönlendirme numarası girin',
  },
  'VALID.COUNTRY': {
    en: 'Please choose a valid country or region', zh: '请选择正确的国家或地区', hk: '請選擇正確的國家或地區', th: 'โปรดเลือกประเทศหรือภูมิภาคที่ถูกต้อง',
    jp: '正しい国または地域を選択してください', kor: '올바른 국가 또는 지역을 선택하세요', fra: 'Veuillez choisir un pays ou une région valide',
    spa: 'Elige un país o región válidos', trq: 'Lütfen geçerli bir ülke veya bölge seçin',
  },
} satisfies Partial<Record<ErrorCode, Record<Locale, string>>>;
