/**
 * Error texts of market data and the socket streams (issue 4), merged in error-texts.ts. Socket
 * acknowledgements carry only the code; the texts serve GET /currency/new_timeshar and any client
 * that shows a refused subscription. MARKET.ENGINE_UNAVAILABLE answers a request a follower could not
 * forward to the process running the matching engine (scale-out, server/README.md).
 */
export const STREAM_ERROR_TEXTS = {
  'MARKET.PERIOD_INVALID': {
    en: 'Unsupported chart interval', zh: '不支持的K线周期', hk: '不支援的K線週期', th: 'ไม่รองรับช่วงเวลากราฟนี้',
    jp: 'サポートされていないチャート間隔です', kor: '지원하지 않는 차트 주기입니다', fra: 'Intervalle de graphique non pris en charge',
    spa: 'Intervalo de gráfico no admitido', trq: 'Desteklenmeyen grafik aralığı',
  },
  'STREAM.UNKNOWN': {
    en: 'Unknown data stream', zh: '未知的数据订阅', hk: '未知的數據訂閱', th: 'ไม่รู้จักสตรีมข้อมูลนี้', jp: '不明なデータストリームです',
    kor: '알 수 없는 데이터 스트림입니다', fra: 'Flux de données inconnu', spa: 'Flujo de datos desconocido', trq: 'Bilinmeyen veri akışı',
  },
  'STREAM.LIMIT': {
    en: 'Too many live data subscriptions', zh: '实时数据订阅过多', hk: '實時數據訂閱過多', th: 'สมัครรับข้อมูลสดมากเกินไป',
    jp: 'リアルタイムデータの購読が多すぎます', kor: '실시간 데이터 구독이 너무 많습니다', fra: 'Trop d’abonnements aux données en direct',
    spa: 'Demasiadas suscripciones a datos en directo', trq: 'Çok fazla canlı veri aboneliği',
  },
  'STREAM.NOT_SUBSCRIBED': {
    en: 'Subscribe to this data stream first', zh: '请先订阅该数据', hk: '請先訂閱該數據', th: 'โปรดสมัครรับสตรีมข้อมูลนี้ก่อน',
    jp: '先にこのデータストリームを購読してください', kor: '먼저 이 데이터 스트림을 구독하세요', fra: 'Abonnez-vous d’abord à ce flux de données',
    spa: 'Suscríbete primero a este flujo de datos', trq: 'Önce bu veri akışına abone olun',
  },
  'MARKET.ENGINE_UNAVAILABLE': {
    en: 'Trading is briefly unavailable, please try again in a moment', zh: '交易服务暂时不可用，请稍后再试', hk: '交易服務暫時無法使用，請稍後再試',
    th: 'ระบบซื้อขายไม่พร้อมใช้งานชั่วคราว โปรดลองอีกครั้งในอีกสักครู่', jp: '取引サービスが一時的に利用できません。しばらくしてからもう一度お試しください',
    kor: '거래 서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도하세요', fra: 'Le trading est momentanément indisponible, veuillez réessayer dans un instant',
    spa: 'El trading no está disponible por un momento, inténtalo de nuevo en breve', trq: 'İşlem hizmeti kısa süreliğine kullanılamıyor, lütfen birazdan tekrar deneyin',
  },
};
