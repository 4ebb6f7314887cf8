import type { ErrorTexts } from '../../http/error-texts.ts';

/** Error texts of copy trading, in every locale; listed on the module's face (module.ts). */
export const COPYTRADE_ERROR_TEXTS: ErrorTexts = {
  'COPYTRADE.TRADER_NOT_FOUND': {
    en: 'This trader does not exist', zh: '该交易员不存在', hk: '該交易員不存在',
    th: 'ไม่พบเทรดเดอร์นี้', jp: 'このトレーダーは存在しません', kor: '존재하지 않는 트레이더입니다',
    fra: 'Ce trader n’existe pas', spa: 'Este trader no existe', trq: 'Bu yatırımcı mevcut değil',
  },
  'COPYTRADE.FOLLOW_SELF': {
    en: 'You cannot follow yourself', zh: '不能跟随自己', hk: '不能跟隨自己',
    th: 'คุณไม่สามารถติดตามตัวเองได้', jp: '自分自身をフォローすることはできません', kor: '자기 자신을 팔로우할 수 없습니다',
    fra: 'Vous ne pouvez pas vous suivre vous-même', spa: 'No puede seguirse a sí mismo', trq: 'Kendinizi takip edemezsiniz',
  },
  'COPYTRADE.ALREADY_FOLLOWING': {
    en: 'You already follow this trader', zh: '您已在跟随该交易员', hk: '您已在跟隨該交易員',
    th: 'คุณติดตามเทรดเดอร์นี้อยู่แล้ว', jp: 'このトレーダーはすでにフォロー中です', kor: '이미 이 트레이더를 팔로우하고 있습니다',
    fra: 'Vous suivez déjà ce trader', spa: 'Ya sigue a este trader', trq: 'Bu yatırımcıyı zaten takip ediyorsunuz',
  },
  'COPYTRADE.NOT_FOLLOWING': {
    en: 'You do not follow this trader', zh: '您未跟随该交易员', hk: '您未跟隨該交易員',
    th: 'คุณไม่ได้ติดตามเทรดเดอร์นี้', jp: 'このトレーダーをフォローしていません', kor: '이 트레이더를 팔로우하고 있지 않습니다',
    fra: 'Vous ne suivez pas ce trader', spa: 'No sigue a este trader', trq: 'Bu yatırımcıyı takip etmiyorsunuz',
  },
  'COPYTRADE.AGREEMENT_REQUIRED': {
    en: 'Please read and accept the agreement first', zh: '请先阅读并同意协议', hk: '請先閱讀並同意協議',
    th: 'กรุณาอ่านและยอมรับข้อตกลงก่อน', jp: '先に規約を読んで同意してください', kor: '먼저 약관을 읽고 동의해 주세요',
    fra: 'Veuillez d’abord lire et accepter l’accord', spa: 'Lea y acepte primero el acuerdo', trq: 'Lütfen önce sözleşmeyi okuyup kabul edin',
  },
  'COPYTRADE.TYPE_INVALID': {
    en: 'Choose fixed multiple or fixed lots', zh: '请选择固定倍数或固定手数', hk: '請選擇固定倍數或固定手數',
    th: 'กรุณาเลือกตัวคูณคงที่หรือจำนวนล็อตคงที่', jp: '固定倍率または固定ロットを選択してください', kor: '고정 배수 또는 고정 랏을 선택해 주세요',
    fra: 'Choisissez un multiple fixe ou un nombre de lots fixe', spa: 'Elija multiplicador fijo o lotes fijos', trq: 'Sabit çarpan veya sabit lot seçin',
  },
  'COPYTRADE.NUMBER_INVALID': {
    en: 'Please enter a correct multiple (up to 2 decimals) or a whole number of lots', zh: '请输入正确的倍数（最多2位小数）或整数手数', hk: '請輸入正確的倍數（最多2位小數）或整數手數',
    th: 'กรุณาใส่ตัวคูณที่ถูกต้อง (ทศนิยมไม่เกิน 2 ตำแหน่ง) หรือจำนวนล็อตเป็นจำนวนเต็ม', jp: '正しい倍率（小数2桁まで）または整数のロット数を入力してください', kor: '올바른 배수(소수점 2자리까지) 또는 정수 랏 수를 입력해 주세요',
    fra: 'Saisissez un multiple correct (2 décimales au plus) ou un nombre entier de lots', spa: 'Introduzca un multiplicador correcto (hasta 2 decimales) o un número entero de lotes', trq: 'Doğru bir çarpan (en fazla 2 ondalık) veya tam sayı lot girin',
  },
  'COPYTRADE.BUDGET_INVALID': {
    en: 'Please enter a correct copy budget', zh: '请输入正确的跟单金额', hk: '請輸入正確的跟單金額',
    th: 'กรุณาใส่งบประมาณการคัดลอกที่ถูกต้อง', jp: '正しいコピー予算を入力してください', kor: '올바른 카피 예산을 입력해 주세요',
    fra: 'Saisissez un budget de copie correct', spa: 'Introduzca un presupuesto de copia correcto', trq: 'Lütfen doğru bir kopyalama bütçesi girin',
  },
  'COPYTRADE.BUDGET_ABOVE_BALANCE': {
    en: 'The copy budget is above your futures account balance', zh: '跟单金额超过合约账户余额', hk: '跟單金額超過合約帳戶餘額',
    th: 'งบประมาณการคัดลอกเกินยอดคงเหลือในบัญชีฟิวเจอร์ส', jp: 'コピー予算が先物口座の残高を超えています', kor: '카피 예산이 선물 계정 잔액을 초과합니다',
    fra: 'Le budget de copie dépasse le solde de votre compte à terme', spa: 'El presupuesto de copia supera el saldo de su cuenta de futuros', trq: 'Kopyalama bütçesi vadeli işlem hesabı bakiyenizi aşıyor',
  },
  'COPYTRADE.QUOTA_FULL': {
    en: 'This trader has no more room for followers', zh: '该交易员的跟随人数已满', hk: '該交易員的跟隨人數已滿',
    th: 'เทรดเดอร์นี้มีผู้ติดตามเต็มแล้ว', jp: 'このトレーダーのフォロワー枠は満員です', kor: '이 트레이더의 팔로워 정원이 찼습니다',
    fra: 'Ce trader n’accepte plus de nouveaux abonnés', spa: 'Este trader no admite más seguidores', trq: 'Bu yatırımcının takipçi kotası dolu',
  },
  'COPYTRADE.NOT_A_COPY': {
    en: 'This position is not a copied position', zh: '该持仓不是跟单持仓', hk: '該持倉不是跟單持倉',
    th: 'สถานะนี้ไม่ใช่สถานะที่คัดลอก', jp: 'このポジションはコピーポジションではありません', kor: '이 포지션은 카피 포지션이 아닙니다',
    fra: 'Cette position n’est pas une position copiée', spa: 'Esta posición no es una posición copiada', trq: 'Bu pozisyon kopyalanmış bir pozisyon değil',
  },
  'COPYTRADE.ALREADY_SELF_HELD': {
    en: 'This position is already self-held', zh: '该持仓已转为自持', hk: '該持倉已轉為自持',
    th: 'สถานะนี้ถือเองอยู่แล้ว', jp: 'このポジションはすでに自己保有です', kor: '이 포지션은 이미 자체 보유 중입니다',
    fra: 'Cette position est déjà détenue en propre', spa: 'Esta posición ya es de tenencia propia', trq: 'Bu pozisyon zaten kendi elinizde',
  },
  'COPYTRADE.ALREADY_APPLIED': {
    en: 'Your application is under review', zh: '您的申请正在审核中', hk: '您的申請正在審核中',
    th: 'ใบสมัครของคุณอยู่ระหว่างการตรวจสอบ', jp: '申請は審査中です', kor: '신청서를 검토 중입니다',
    fra: 'Votre demande est en cours d’examen', spa: 'Su solicitud está en revisión', trq: 'Başvurunuz inceleniyor',
  },
  'COPYTRADE.ALREADY_TRADER': {
    en: 'You are already a trader', zh: '您已是交易员', hk: '您已是交易員',
    th: 'คุณเป็นเทรดเดอร์อยู่แล้ว', jp: 'すでにトレーダーです', kor: '이미 트레이더입니다',
    fra: 'Vous êtes déjà trader', spa: 'Ya es trader', trq: 'Zaten yatırımcısınız',
  },
  'COPYTRADE.NOT_A_TRADER': {
    en: 'Only an approved trader can do this', zh: '仅已通过审核的交易员可操作', hk: '僅已通過審核的交易員可操作',
    th: 'เฉพาะเทรดเดอร์ที่ได้รับอนุมัติเท่านั้นที่ทำได้', jp: '承認済みのトレーダーのみ操作できます', kor: '승인된 트레이더만 할 수 있습니다',
    fra: 'Seul un trader approuvé peut faire cela', spa: 'Solo un trader aprobado puede hacerlo', trq: 'Bunu yalnızca onaylı bir yatırımcı yapabilir',
  },
  'COPYTRADE.PROFIT_SHARE_INVALID': {
    en: 'The profit share must be between 0 and the maximum allowed', zh: '分润比例须在0与允许的最高值之间', hk: '分潤比例須在0與允許的最高值之間',
    th: 'ส่วนแบ่งกำไรต้องอยู่ระหว่าง 0 ถึงค่าสูงสุดที่อนุญาต', jp: '利益分配率は0から上限の間で設定してください', kor: '수익 배분율은 0과 허용 최댓값 사이여야 합니다',
    fra: 'Le partage des bénéfices doit être compris entre 0 et le maximum autorisé', spa: 'El reparto de beneficios debe estar entre 0 y el máximo permitido', trq: 'Kâr payı 0 ile izin verilen en yüksek değer arasında olmalı',
  },
  'COPYTRADE.SORT_INVALID': {
    en: 'Unknown ranking order', zh: '未知的排序方式', hk: '未知的排序方式',
    th: 'ไม่รู้จักลำดับการจัดอันดับนี้', jp: '不明な並び順です', kor: '알 수 없는 정렬 방식입니다',
    fra: 'Ordre de classement inconnu', spa: 'Orden de clasificación desconocido', trq: 'Bilinmeyen sıralama ölçütü',
  },
  'COPYTRADE.WINDOW_INVALID': {
    en: 'Choose 7, 30 or 90 days', zh: '请选择7天、30天或90天', hk: '請選擇7天、30天或90天',
    th: 'กรุณาเลือก 7, 30 หรือ 90 วัน', jp: '7日、30日、90日から選択してください', kor: '7일, 30일 또는 90일을 선택해 주세요',
    fra: 'Choisissez 7, 30 ou 90 jours', spa: 'Elija 7, 30 o 90 días', trq: '7, 30 veya 90 gün seçin',
  },
  'COPYTRADE.STATUS_INVALID': {
    en: 'Unknown list status', zh: '未知的列表状态', hk: '未知的列表狀態',
    th: 'ไม่รู้จักสถานะรายการนี้', jp: '不明な一覧の状態です', kor: '알 수 없는 목록 상태입니다',
    fra: 'Statut de liste inconnu', spa: 'Estado de lista desconocido', trq: 'Bilinmeyen liste durumu',
  },
  'COPYTRADE.INTRODUCTION_INVALID': {
    en: 'The introduction is at most 200 characters', zh: '简介最多200个字符', hk: '簡介最多200個字元',
    th: 'คำแนะนำตัวยาวได้ไม่เกิน 200 ตัวอักษร', jp: '自己紹介は200文字以内です', kor: '소개는 최대 200자입니다',
    fra: 'La présentation compte au plus 200 caractères', spa: 'La presentación tiene como máximo 200 caracteres', trq: 'Tanıtım en fazla 200 karakter olabilir',
  },
};
