import type { ErrorCode } from '../../contract/error-codes.ts';
import type { Locale } from '../../contract/locales.ts';
import { STREAM_ERROR_TEXTS } from './error-texts-streams.ts';

/** Texts of some codes in every locale: the platform's here, each module's on its face. */
export type ErrorTexts = Partial<Record<ErrorCode, Record<Locale, string>>>;

/**
 * The platform's error texts (request, sign-in, codes, profile, uploads, streams). A data table, so
 * it is longer than our usual file; rows keep the nine translations of one message side by side for
 * review. Products' texts are on their modules' faces and join this table when the module list
 * loads (server/modules/modules.ts); error-texts.test.ts fails when a code or a locale is missing,
 * or a translation was left in English.
 */
const CORE_ERROR_TEXTS: ErrorTexts = {
  'COMMON.PARAM_INVALID': {
    en: 'Parameter error', zh: '参数错误', hk: '參數錯誤', th: 'พารามิเตอร์ไม่ถูกต้อง', jp: 'パラメータが正しくありません',
    kor: '매개변수 오류', fra: 'Paramètre incorrect', spa: 'Error de parámetro', trq: 'Parametre hatası',
  },
  'COMMON.NOT_FOUND': {
    en: 'Not found', zh: '未找到相关内容', hk: '找不到相關內容', th: 'ไม่พบข้อมูล', jp: '見つかりません',
    kor: '찾을 수 없습니다', fra: 'Introuvable', spa: 'No encontrado', trq: 'Bulunamadı',
  },
  'COMMON.RATE_LIMITED': {
    en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后再试', hk: '請求過於頻繁，請稍後再試',
    th: 'มีคำขอมากเกินไป โปรดลองใหม่ภายหลัง', jp: 'リクエストが多すぎます。しばらくしてからもう一度お試しください',
    kor: '요청이 너무 많습니다. 잠시 후 다시 시도하세요', fra: 'Trop de requêtes, veuillez réessayer plus tard',
    spa: 'Demasiadas solicitudes, inténtalo de nuevo más tarde', trq: 'Çok fazla istek, lütfen daha sonra tekrar deneyin',
  },
  'COMMON.PAYLOAD_TOO_LARGE': {
    en: 'The request is too large', zh: '请求内容过大', hk: '請求內容過大', th: 'คำขอมีขนาดใหญ่เกินไป', jp: 'リクエストが大きすぎます',
    kor: '요청이 너무 큽니다', fra: 'La requête est trop volumineuse', spa: 'La solicitud es demasiado grande', trq: 'İstek çok büyük',
  },
  'COMMON.INTERNAL': {
    en: 'Something went wrong, please try again later', zh: '系统繁忙，请稍后再试', hk: '系統繁忙，請稍後再試',
    th: 'เกิดข้อผิดพลาด โปรดลองใหม่ภายหลัง', jp: 'エラーが発生しました。しばらくしてからもう一度お試しください',
    kor: '문제가 발생했습니다. 잠시 후 다시 시도하세요', fra: 'Une erreur est survenue, veuillez réessayer plus tard',
    spa: 'Algo salió mal, inténtalo de nuevo más tarde', trq: 'Bir sorun oluştu, lütfen daha sonra tekrar deneyin',
  },
  'COMMON.FEATURE_UNAVAILABLE': {
    en: 'Feature under development', zh: '功能开发中', hk: '功能開發中', th: 'ฟีเจอร์นี้อยู่ระหว่างการพัฒนา', jp: 'この機能は開発中です',
    kor: '개발 중인 기능입니다', fra: 'Fonctionnalité en cours de développement', spa: 'Función en desarrollo', trq: 'Bu özellik geliştirme aşamasında',
  },
  'AUTH.LOGIN_REQUIRED': {
    en: 'Please login first', zh: '请先登录', hk: '請先登入', th: 'โปรดเข้าสู่ระบบก่อน', jp: '先にログインしてください',
    kor: '먼저 로그인하세요', fra: 'Veuillez d’abord vous connecter', spa: 'Inicia sesión primero', trq: 'Lütfen önce giriş yapın',
  },
  'AUTH.SESSION_EXPIRED': {
    en: 'Your session has expired, please log in again', zh: '登录已失效，请重新登录', hk: '登入已失效，請重新登入',
    th: 'เซสชันหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้ง', jp: 'ログインの有効期限が切れました。もう一度ログインしてください',
    kor: '로그인이 만료되었습니다. 다시 로그인하세요', fra: 'Votre session a expiré, veuillez vous reconnecter',
    spa: 'Tu sesión ha caducado, vuelve a iniciar sesión', trq: 'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
  },
  'AUTH.LOGIN_FAILED': {
    en: 'Login failed: wrong account or password', zh: '登录失败：账号或密码错误', hk: '登入失敗：賬號或密碼錯誤',
    th: 'เข้าสู่ระบบไม่สำเร็จ: บัญชีหรือรหัสผ่านไม่ถูกต้อง', jp: 'ログインに失敗しました：アカウントまたはパスワードが違います',
    kor: '로그인 실패: 계정 또는 비밀번호가 올바르지 않습니다', fra: 'Échec de connexion : compte ou mot de passe incorrect',
    spa: 'Error al iniciar sesión: cuenta o contraseña incorrecta', trq: 'Giriş başarısız: hesap veya şifre yanlış',
  },
  'AUTH.ACCOUNT_LOCKED': {
    en: 'Too many failed attempts. Try again in 15 minutes', zh: '失败次数过多，请 15 分钟后再试', hk: '失敗次數過多，請 15 分鐘後再試',
    th: 'ลองผิดหลายครั้งเกินไป โปรดลองใหม่ใน 15 นาที', jp: '失敗が多すぎます。15 分後にもう一度お試しください',
    kor: '실패 횟수가 너무 많습니다. 15분 후에 다시 시도하세요', fra: 'Trop de tentatives échouées. Réessayez dans 15 minutes',
    spa: 'Demasiados intentos fallidos. Inténtalo de nuevo en 15 minutos', trq: 'Çok fazla başarısız deneme. 15 dakika sonra tekrar deneyin',
  },
  'AUTH.ACCOUNT_EXISTS': {
    en: 'This account is already registered', zh: '该账号已注册', hk: '此賬號已註冊', th: 'บัญชีนี้ลงทะเบียนแล้ว',
    jp: 'このアカウントはすでに登録されています', kor: '이미 가입된 계정입니다', fra: 'Ce compte est déjà inscrit',
    spa: 'Esta cuenta ya está registrada', trq: 'Bu hesap zaten kayıtlı',
  },
  'AUTH.ACCOUNT_NOT_FOUND': {
    en: 'Account not found', zh: '账号不存在', hk: '賬號不存在', th: 'ไม่พบบัญชี', jp: 'アカウントが見つかりません',
    kor: '계정을 찾을 수 없습니다', fra: 'Compte introuvable', spa: 'Cuenta no encontrada', trq: 'Hesap bulunamadı',
  },
  'AUTH.REGISTER_FAILED': {
    en: 'Registration failed', zh: '注册失败', hk: '註冊失敗', th: 'ลงทะเบียนไม่สำเร็จ', jp: '登録に失敗しました',
    kor: '회원가입에 실패했습니다', fra: 'Échec de l’inscription', spa: 'Error en el registro', trq: 'Kayıt başarısız',
  },
  'AUTH.INVITE_CODE_INVALID': {
    en: 'Invalid invitation code', zh: '邀请码无效', hk: '邀請碼無效', th: 'รหัสเชิญไม่ถูกต้อง', jp: '招待コードが無効です',
    kor: '초대 코드가 유효하지 않습니다', fra: 'Code d’invitation invalide', spa: 'Código de invitación no válido', trq: 'Geçersiz davet kodu',
  },
  'AUTH.PASSWORD_TOO_SHORT': {
    en: 'Password must be at least 6 characters', zh: '密码至少 6 位', hk: '密碼最少 6 位', th: 'รหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษร',
    jp: 'パスワードは 6 文字以上にしてください', kor: '비밀번호는 6자 이상이어야 합니다', fra: 'Le mot de passe doit contenir au moins 6 caractères',
    spa: 'La contraseña debe tener al menos 6 caracteres', trq: 'Şifre en az 6 karakter olmalıdır',
  },
  'AUTH.PASSWORD_TOO_LONG': {
    en: 'Password must be at most 64 characters', zh: '密码最多 64 位', hk: '密碼最多 64 位', th: 'รหัสผ่านต้องมีไม่เกิน 64 ตัวอักษร',
    jp: 'パスワードは 64 文字以内にしてください', kor: '비밀번호는 64자 이하여야 합니다', fra: 'Le mot de passe doit contenir au plus 64 caractères',
    spa: 'La contraseña debe tener como máximo 64 caracteres', trq: 'Şifre en fazla 64 karakter olmalıdır',
  },
  'AUTH.PASSWORDS_INCONSISTENT': {
    en: 'Passwords inconsistent', zh: '两次输入的密码不一致', hk: '兩次輸入的密碼不一致', th: 'รหัสผ่านทั้งสองไม่ตรงกัน',
    jp: 'パスワードが一致しません', kor: '비밀번호가 일치하지 않습니다', fra: 'Les mots de passe ne correspondent pas',
    spa: 'Las contraseñas no coinciden', trq: 'Şifreler eşleşmiyor',
  },
  'AUTH.PASSWORD_WRONG': {
    en: 'Wrong password', zh: '密码错误', hk: '密碼錯誤', th: 'รหัสผ่านไม่ถูกต้อง', jp: 'パスワードが違います',
    kor: '비밀번호가 틀렸습니다', fra: 'Mot de passe incorrect', spa: 'Contraseña incorrecta', trq: 'Şifre yanlış',
  },
  'AUTH.VERIFY_REQUIRED': {
    en: 'Please complete identity verification first', zh: '请先完成身份认证', hk: '請先完成身份認證', th: 'โปรดยืนยันตัวตนก่อน',
    jp: '先に本人確認を完了してください', kor: '먼저 신원 인증을 완료하세요', fra: 'Veuillez d’abord vérifier votre identité',
    spa: 'Completa primero la verificación de identidad', trq: 'Lütfen önce kimlik doğrulamasını tamamlayın',
  },
  'CODE.INVALID': {
    en: 'Incorrect verification code', zh: '验证码错误', hk: '驗證碼錯誤', th: 'รหัสยืนยันไม่ถูกต้อง', jp: '認証コードが正しくありません',
    kor: '인증 코드가 올바르지 않습니다', fra: 'Code de vérification incorrect', spa: 'Código de verificación incorrecto', trq: 'Doğrulama kodu yanlış',
  },
  'CODE.EXPIRED': {
    en: 'The verification code has expired, please request a new one', zh: '验证码已过期，请重新获取', hk: '驗證碼已過期，請重新索取',
    th: 'รหัสยืนยันหมดอายุแล้ว โปรดขอรหัสใหม่', jp: '認証コードの有効期限が切れました。新しいコードを取得してください',
    kor: '인증 코드가 만료되었습니다. 새 코드를 요청하세요', fra: 'Le code de vérification a expiré, demandez-en un nouveau',
    spa: 'El código de verificación ha caducado, solicita uno nuevo', trq: 'Doğrulama kodunun süresi doldu, lütfen yeni bir kod isteyin',
  },
  'CODE.TOO_MANY_REQUESTS': {
    en: 'Codes are requested too often, please wait and try again', zh: '获取验证码过于频繁，请稍后再试', hk: '索取驗證碼過於頻繁，請稍後再試',
    th: 'ขอรหัสบ่อยเกินไป โปรดรอสักครู่แล้วลองใหม่', jp: '認証コードのリクエストが多すぎます。しばらく待ってからお試しください',
    kor: '인증 코드를 너무 자주 요청했습니다. 잠시 후 다시 시도하세요', fra: 'Codes demandés trop souvent, patientez puis réessayez',
    spa: 'Has solicitado códigos con demasiada frecuencia, espera e inténtalo de nuevo', trq: 'Çok sık kod istendi, lütfen bekleyip tekrar deneyin',
  },
  'CODE.TOO_MANY_ATTEMPTS': {
    en: 'Too many wrong attempts, please request a new code', zh: '验证码错误次数过多，请重新获取', hk: '驗證碼錯誤次數過多，請重新索取',
    th: 'กรอกรหัสผิดหลายครั้งเกินไป โปรดขอรหัสใหม่', jp: '誤りが多すぎます。新しいコードを取得してください',
    kor: '잘못 입력한 횟수가 너무 많습니다. 새 코드를 요청하세요', fra: 'Trop d’essais erronés, demandez un nouveau code',
    spa: 'Demasiados intentos fallidos, solicita un código nuevo', trq: 'Çok fazla hatalı deneme, lütfen yeni bir kod isteyin',
  },
  'VALID.EMAIL': {
    en: 'Please enter a valid email address', zh: '请输入正确的邮箱地址', hk: '請輸入正確的電郵地址', th: 'โปรดกรอกอีเมลที่ถูกต้อง',
    jp: '正しいメールアドレスを入力してください', kor: '올바른 이메일 주소를 입력하세요', fra: 'Veuillez saisir une adresse e-mail valide',
    spa: 'Introduce un correo electrónico válido', trq: 'Lütfen geçerli bir e-posta adresi girin',
  },
  'VALID.MOBILE': {
    en: 'Please enter a valid mobile number', zh: '请输入正确的手机号', hk: '請輸入正確的手機號碼', th: 'โปรดกรอกหมายเลขโทรศัพท์มือถือที่ถูกต้อง',
    jp: '正しい携帯電話番号を入力してください', kor: '올바른 휴대폰 번호를 입력하세요', fra: 'Veuillez saisir un numéro de mobile valide',
    spa: 'Introduce un número de móvil válido', trq: 'Lütfen geçerli bir cep telefonu numarası girin',
  },
  'VALID.CODE_LENGTH': {
    en: 'The verification code must be 6 digits', zh: '验证码必须为 6 位数字', hk: '驗證碼必須為 6 位數字', th: 'รหัสยืนยันต้องเป็นตัวเลข 6 หลัก',
    jp: '認証コードは 6 桁の数字です', kor: '인증 코드는 6자리 숫자여야 합니다', fra: 'Le code de vérification doit comporter 6 chiffres',
    spa: 'El código de verificación debe tener 6 dígitos', trq: 'Doğrulama kodu 6 haneli olmalıdır',
  },
  'VALID.NICKNAME_LENGTH': {
    en: 'Nickname must be 2-10 characters', zh: '昵称长度为 2-10 个字符', hk: '暱稱長度為 2-10 個字元', th: 'ชื่อเล่นต้องมี 2-10 ตัวอักษร',
    jp: 'ニックネームは 2〜10 文字にしてください', kor: '닉네임은 2~10자여야 합니다', fra: 'Le pseudo doit contenir de 2 à 10 caractères',
    spa: 'El apodo debe tener entre 2 y 10 caracteres', trq: 'Takma ad 2-10 karakter olmalıdır',
  },
  'VALID.SIGNATURE_LENGTH': {
    en: 'Signature must be 2-30 characters', zh: '个性签名须为2-30个字符', hk: '個性簽名須為2-30個字元', th: 'ข้อความสถานะต้องมี 2-30 ตัวอักษร',
    jp: 'ひとことは2〜30文字で入力してください', kor: '상태 메시지는 2~30자여야 합니다', fra: 'La bio doit contenir de 2 à 30 caractères',
    spa: 'La firma debe tener entre 2 y 30 caracteres', trq: 'İmza 2-30 karakter olmalıdır',
  },
  'VALID.SPECIAL_CHARACTERS': {
    en: 'Special characters are not allowed', zh: '不能包含特殊字符', hk: '不能包含特殊字元', th: 'ไม่อนุญาตให้ใช้อักขระพิเศษ',
    jp: '特殊文字は使用できません', kor: '특수 문자는 사용할 수 없습니다', fra: 'Les caractères spéciaux ne sont pas autorisés',
    spa: 'No se permiten caracteres especiales', trq: 'Özel karakterlere izin verilmez',
  },
  'VALID.TEXT_TOO_LONG': {
    en: 'Text too long', zh: '文本过长', hk: '文字過長', th: 'ข้อความยาวเกินไป', jp: 'テキストが長すぎます',
    kor: '텍스트가 너무 깁니다', fra: 'Texte trop long', spa: 'Texto demasiado largo', trq: 'Metin çok uzun',
  },
  'VALID.REQUIRED': {
    en: 'Please fill in this field', zh: '请填写此项', hk: '請填寫此欄', th: 'โปรดกรอกข้อมูลในช่องนี้', jp: 'この項目を入力してください',
    kor: '이 항목을 입력하세요', fra: 'Veuillez remplir ce champ', spa: 'Rellena este campo', trq: 'Lütfen bu alanı doldurun',
  },
  'VALID.AREA_CODE': {
    en: 'Please choose a valid area code', zh: '请选择正确的区号', hk: '請選擇正確的區號', th: 'โปรดเลือกรหัสประเทศที่ถูกต้อง',
    jp: '正しい国番号を選択してください', kor: '올바른 국가 번호를 선택하세요', fra: 'Veuillez choisir un indicatif valide',
    spa: 'Elige un prefijo válido', trq: 'Lütfen geçerli bir alan kodu seçin',
  },
  'VALID.URL': {
    en: 'Please enter a valid URL', zh: '请输入正确的网址', hk: '請輸入正確的網址', th: 'โปรดกรอก URL ที่ถูกต้อง',
    jp: '正しい URL を入力してください', kor: '올바른 URL을 입력하세요', fra: 'Veuillez saisir une URL valide',
    spa: 'Introduce una URL válida', trq: 'Lütfen geçerli bir URL girin',
  },
  'VALID.AMOUNT': {
    en: 'Please enter the correct amount', zh: '请输入正确的数量', hk: '請輸入正確的數量', th: 'โปรดกรอกจำนวนที่ถูกต้อง',
    jp: '正しい数量を入力してください', kor: '올바른 수량을 입력하세요', fra: 'Veuillez saisir un montant correct',
    spa: 'Introduce una cantidad correcta', trq: 'Lütfen doğru tutarı girin',
  },
  'VALID.INTEGER': {
    en: 'Please enter an integer', zh: '请输入整数', hk: '請輸入整數', th: 'โปรดกรอกจำนวนเต็ม', jp: '整数を入力してください',
    kor: '정수를 입력하세요', fra: 'Veuillez saisir un nombre entier', spa: 'Introduce un número entero', trq: 'Lütfen bir tam sayı girin',
  },
  'UPLOAD.NOT_IMAGE': {
    en: 'Only PNG, JPEG, GIF or WebP images can be uploaded', zh: '仅支持上传 PNG、JPEG、GIF 或 WebP 图片', hk: '只支援上載 PNG、JPEG、GIF 或 WebP 圖片',
    th: 'อัปโหลดได้เฉพาะรูปภาพ PNG, JPEG, GIF หรือ WebP', jp: 'アップロードできるのは PNG、JPEG、GIF、WebP 画像のみです',
    kor: 'PNG, JPEG, GIF, WebP 이미지만 업로드할 수 있습니다', fra: 'Seules les images PNG, JPEG, GIF ou WebP sont acceptées',
    spa: 'Solo se pueden subir imágenes PNG, JPEG, GIF o WebP', trq: 'Yalnızca PNG, JPEG, GIF veya WebP resimleri yüklenebilir',
  },
  'UPLOAD.TOO_LARGE': {
    en: 'The image must be 2 MB or smaller', zh: '图片不能超过 2 MB', hk: '圖片不能超過 2 MB', th: 'รูปภาพต้องมีขนาดไม่เกิน 2 MB',
    jp: '画像は 2 MB 以下にしてください', kor: '이미지는 2MB 이하여야 합니다', fra: 'L’image ne doit pas dépasser 2 Mo',
    spa: 'La imagen debe ocupar 2 MB como máximo', trq: 'Resim en fazla 2 MB olmalıdır',
  },
  'UPLOAD.MISSING_FILE': {
    en: 'Please choose a file to upload', zh: '请选择要上传的文件', hk: '請選擇要上載的檔案', th: 'โปรดเลือกไฟล์ที่จะอัปโหลด',
    jp: 'アップロードするファイルを選択してください', kor: '업로드할 파일을 선택하세요', fra: 'Veuillez choisir un fichier à envoyer',
    spa: 'Elige un archivo para subir', trq: 'Lütfen yüklenecek bir dosya seçin',
  },
  'UPLOAD.UNKNOWN_FILE': {
    en: 'Please upload the image first', zh: '请先上传图片', hk: '請先上載圖片', th: 'โปรดอัปโหลดรูปภาพก่อน', jp: '先に画像をアップロードしてください',
    kor: '먼저 이미지를 업로드하세요', fra: 'Veuillez d’abord envoyer l’image', spa: 'Sube primero la imagen', trq: 'Lütfen önce resmi yükleyin',
  },
  'UPLOAD.QUOTA_EXCEEDED': {
    en: 'You have reached the upload limit for the last 24 hours, please try again later', zh: '24 小时内的上传已达上限，请稍后再试',
    hk: '24 小時內的上載已達上限，請稍後再試', th: 'คุณอัปโหลดครบขีดจำกัดใน 24 ชั่วโมงที่ผ่านมาแล้ว โปรดลองใหม่ภายหลัง',
    jp: '過去 24 時間のアップロード上限に達しました。しばらくしてからもう一度お試しください', kor: '최근 24시간 업로드 한도에 도달했습니다. 잠시 후 다시 시도하세요',
    fra: 'Vous avez atteint la limite d’envoi des dernières 24 heures, veuillez réessayer plus tard',
    spa: 'Has alcanzado el límite de subidas de las últimas 24 horas, inténtalo de nuevo más tarde',
    trq: 'Son 24 saatlik yükleme sınırına ulaştınız, lütfen daha sonra tekrar deneyin',
  },
  'USER.MOBILE_TAKEN': {
    en: 'This mobile number is already used by another account', zh: '该手机号已被其他账号使用', hk: '此手機號碼已被其他賬號使用',
    th: 'หมายเลขนี้ถูกใช้โดยบัญชีอื่นแล้ว', jp: 'この携帯電話番号は別のアカウントで使用されています',
    kor: '이 휴대폰 번호는 이미 다른 계정에서 사용 중입니다', fra: 'Ce numéro de mobile est déjà utilisé par un autre compte',
    spa: 'Este número de móvil ya lo usa otra cuenta', trq: 'Bu cep telefonu numarası başka bir hesap tarafından kullanılıyor',
  },
  'USER.EMAIL_TAKEN': {
    en: 'This email is already used by another account', zh: '该邮箱已被其他账号使用', hk: '此電郵已被其他賬號使用',
    th: 'อีเมลนี้ถูกใช้โดยบัญชีอื่นแล้ว', jp: 'このメールアドレスは別のアカウントで使用されています',
    kor: '이 이메일은 이미 다른 계정에서 사용 중입니다', fra: 'Cette adresse e-mail est déjà utilisée par un autre compte',
    spa: 'Este correo ya lo usa otra cuenta', trq: 'Bu e-posta başka bir hesap tarafından kullanılıyor',
  },
  ...STREAM_ERROR_TEXTS,
};

const TABLE = new Map(Object.entries(CORE_ERROR_TEXTS) as [ErrorCode, Record<Locale, string>][]);

/** Adds a module's texts; a code has one text, so a second one is a programming error. */
export function addErrorTexts(owner: string, texts: ErrorTexts): void {
  for (const [code, text] of Object.entries(texts) as [ErrorCode, Record<Locale, string>][]) {
    if (TABLE.has(code)) throw new Error(`error code ${code} has a text already (module ${owner})`);
    TABLE.set(code, text);
  }
}

/** Every text known now (the platform's and the loaded modules'). */
export const errorTexts = (): ReadonlyMap<ErrorCode, Record<Locale, string>> => TABLE;

/** A code without a text (a module not loaded: a bug the texts test catches) answers the generic one. */
export const errorText = (code: ErrorCode, locale: Locale): string => (TABLE.get(code) ?? CORE_ERROR_TEXTS['COMMON.INTERNAL'])?.[locale] ?? code;
