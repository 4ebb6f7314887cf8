import type { LocaleContent } from './locale-content.ts';

export const trq: LocaleContent = {
  banners: [
    {
      title: 'Brisk’e hoş geldiniz',
      summary: 'Hesabınızı bir dakikada oluşturun ve piyasaları takip etmeye başlayın.',
      content: 'E-posta adresiniz veya cep telefonu numaranızla kaydolun, altı haneli kodla onaylayın ve hazırsınız.\n\nHesabınız tüm cihazlarda çalışır: Brisk’i tarayıcıda açın veya ana ekranınıza yükleyin.',
    },
    {
      title: 'Her telefonda hızlı',
      summary: 'Brisk, sıradan telefonlarda ve yavaş ağlarda da hızlı kalacak şekilde tasarlandı.',
      content: 'Uygulama yalnızca ekranın ihtiyaç duyduğunu yükler ve son verilerinizi cihazda saklar.\n\nBağlantı koptuğunda son rakamlarınızı görmeye devam edersiniz; yeniden çevrimiçi olduğunuzda Brisk hemen güncellenir.',
    },
    {
      title: 'Hesabınızı güvende tutun',
      summary: 'Şifrenizi ve doğrulama kodlarınızı asla kimseyle paylaşmayın.',
      content: 'Brisk çalışanları sizden asla şifrenizi veya doğrulama kodunu istemez.\n\nBaşka hiçbir yerde kullanmadığınız bir şifre seçin. Şifrenizi değiştirdiğinizde tüm cihazlarda oturum kapanır ve yeniden giriş yapmanız gerekir.',
    },
  ],
  news: [
    {
      title: 'Brisk 0.8 yayında',
      summary: 'Daha hafif bir uygulama, daha hızlı açılış ve daha sade bir ana ekran.',
      content: '0.8 sürümü uygulamayı hız odaklı olarak yeniden oluşturuyor. İlk ekran daha erken açılıyor, listeler akıcı kayıyor ve uygulama daha az veri kullanıyor.\n\nÖnizleme sırasında geri bildirim gönderen herkese teşekkür ederiz.',
    },
    {
      title: 'Brisk’i ana ekranınıza yükleyin',
      summary: 'Brisk’i ana ekrana ekleyin, tek dokunuşla ve çevrimdışıyken bile açın.',
      content: 'Telefonunuzun tarayıcısında Brisk’i açın ve "Ana ekrana ekle" veya "Uygulamayı yükle"yi seçin.\n\nYüklenen uygulama anında açılır ve çevrimdışıyken son verilerinizi gösterir.',
    },
    {
      title: 'Hesabınızı nasıl koruyoruz',
      summary: 'Doğrulama kodları, oturum süreleri ve giriş koruması hakkında.',
      content: 'Gönderdiğimiz her kod on dakika geçerlidir ve yalnızca bir kez kullanılabilir. Birkaç hatalı denemeden sonra kod çalışmaz.\n\nArt arda başarısız giriş denemeleri, şifre tahminini önlemek için hesabı on beş dakika kilitler.',
    },
    {
      title: 'USDT iki ağda',
      summary: 'USDT artık hem ERC20 hem de TRC20 ağında destekleniyor.',
      content: 'Artık USDT için ERC20 ve TRC20 ağları arasında seçim yapabilirsiniz.\n\nGönderen ve alan ağın aynı olduğundan her zaman emin olun: yanlış ağdan gönderilen varlıklar kaybolabilir.',
    },
    {
      title: 'Brisk artık dokuz dil konuşuyor',
      summary: 'Dilinizi istediğiniz zaman Ayarlar’dan seçin.',
      content: 'Brisk; Basitleştirilmiş Çince, Geleneksel Çince, İngilizce, Tayca, Japonca, Korece, Fransızca, İspanyolca ve Türkçe olarak kullanılabilir.\n\nDili Ayarlar’dan değiştirin; sunucularımızdan gelen mesajlar da seçiminize uyar.',
    },
  ],
  notice: {
    title: 'Güvenlik hatırlatması',
    content: 'Brisk çalışanları sizden asla şifrenizi veya doğrulama kodlarınızı istemez. Kendini Brisk çalışanı olarak tanıtanlar dahil, bunları kimseyle paylaşmayın.',
  },
  faq: [
    { question: 'Nasıl hesap oluşturabilirim?', answer: 'Kaydol’a dokunun, e-posta adresinizi veya cep telefonu numaranızı girin, doğrulama kodu isteyin ve en az 6 karakterlik bir şifre belirleyin.' },
    { question: 'Doğrulama kodum gelmedi.', answer: 'İstenmeyen posta klasörünü ve adresin doğru olduğunu kontrol edin. 60 saniye sonra yeni kod isteyebilirsiniz; yalnızca en son kod geçerlidir.' },
    { question: 'Şifremi nasıl sıfırlarım?', answer: 'Giriş ekranında Şifremi unuttum’a dokunun, e-postanızı veya telefonunuzu bir kodla doğrulayın ve yeni bir şifre belirleyin.' },
    { question: 'Oturumum neden kapandı?', answer: 'Oturumlar 24 saat sonra, oturumu açık tutmayı seçtiyseniz 30 gün sonra sona erer. Şifreyi değiştirmek veya sıfırlamak tüm cihazlarda oturumu kapatır.' },
    { question: 'Brisk’i çevrimdışı kullanabilir miyim?', answer: 'Evet. Yüklendikten sonra Brisk bağlantı olmadan açılır ve son verilerinizi gösterir. İşlem yapmak ve transfer için bağlantı gerekir.' },
    { question: 'Takma adımı veya profil resmimi nasıl değiştiririm?', answer: 'Ayarlar’ı, ardından profilinizi açın. Takma ad 2 ile 10, imza 2 ile 30 harf veya rakamdan oluşur.' },
  ],
  pages: {
    aboutus: {
      title: 'Brisk hakkında',
      content: 'Brisk, dijital varlık piyasalarını takip etmek ve varlıklarınızı yönetmek için öncelikle mobil için tasarlanmış bir hizmettir.\n\nGündelik telefonlar ve yoğun ağlar için geliştiriyoruz: uygulama hafiftir, çevrimdışı çalışır ve ana ekrana yüklenebilir.',
    },
    contactus: {
      title: 'Bize ulaşın',
      content: 'E-posta: support@brisk.dev\n\nHer mesajı bir iş günü içinde yanıtlıyoruz. Mesajlarınıza asla şifrenizi veya doğrulama kodlarınızı yazmayın.',
    },
    operational_compliance: {
      title: 'Operasyonel uyum',
      content: 'Brisk, daha yüksek limitler uygulamadan önce kullanıcılarının kimliğini doğrular ve dolandırıcılığı ve kara para aklamayı önlemek için işlemleri izler.\n\nDijital varlıklar oynaktır ve yatırdığınız parayı kaybedebilirsiniz. Yalnızca kaybetmeyi göze alabileceğiniz fonlarla işlem yapın ve yaşadığınız yerde geçerli kuralları kontrol edin.',
    },
  },
};
