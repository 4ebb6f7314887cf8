import type { LocaleContent } from './locale-content.ts';

export const spa: LocaleContent = {
  banners: [
    {
      title: 'Bienvenido a Brisk',
      summary: 'Crea tu cuenta en un minuto y empieza a seguir los mercados.',
      content: 'Regístrate con tu correo electrónico o número de móvil, confírmalo con un código de seis dígitos y listo.\n\nTu cuenta funciona en todos tus dispositivos: abre Brisk en el navegador o instálalo en tu pantalla de inicio.',
    },
    {
      title: 'Rápido en cualquier teléfono',
      summary: 'Brisk está pensado para ir rápido en teléfonos sencillos y redes lentas.',
      content: 'La aplicación carga solo lo que necesita la pantalla y guarda tus últimos datos en el dispositivo.\n\nSi se cae la conexión, sigues viendo tus cifras más recientes y Brisk se actualiza en cuanto vuelves a estar en línea.',
    },
    {
      title: 'Mantén tu cuenta segura',
      summary: 'Nunca compartas tu contraseña ni tus códigos de verificación.',
      content: 'El personal de Brisk nunca te pedirá tu contraseña ni un código de verificación.\n\nUsa una contraseña que no utilices en ningún otro sitio. Si la cambias, todos los dispositivos cierran sesión y deben volver a iniciarla.',
    },
  ],
  news: [
    {
      title: 'Ya está aquí Brisk 0.8',
      summary: 'Una aplicación más ligera, un inicio más rápido y una pantalla principal más limpia.',
      content: 'La versión 0.8 reconstruye la aplicación en torno a la velocidad. La primera pantalla aparece antes, las listas se desplazan con fluidez y la aplicación consume menos datos.\n\nGracias a todas las personas que nos enviaron sus comentarios durante la versión preliminar.',
    },
    {
      title: 'Instala Brisk en tu pantalla de inicio',
      summary: 'Añade Brisk a la pantalla de inicio para abrirlo con un toque, incluso sin conexión.',
      content: 'Abre Brisk en el navegador de tu teléfono y elige «Añadir a pantalla de inicio» o «Instalar aplicación».\n\nLa aplicación instalada se abre al instante y muestra tus últimos datos cuando no tienes conexión.',
    },
    {
      title: 'Cómo protegemos tu cuenta',
      summary: 'Códigos de verificación, duración de las sesiones y protección del inicio de sesión.',
      content: 'Cada código que enviamos es válido durante diez minutos y solo se puede usar una vez. Tras varios intentos fallidos, el código deja de funcionar.\n\nVarios inicios de sesión fallidos seguidos bloquean la cuenta durante quince minutos para impedir que se adivine la contraseña.',
    },
    {
      title: 'USDT en dos redes',
      summary: 'USDT es compatible con ERC20 y con TRC20.',
      content: 'Ahora puedes elegir entre las redes ERC20 y TRC20 para USDT.\n\nComprueba siempre que la red de envío y la de recepción coincidan: los activos enviados por la red equivocada pueden perderse.',
    },
    {
      title: 'Brisk ya habla nueve idiomas',
      summary: 'Elige tu idioma en Ajustes cuando quieras.',
      content: 'Brisk está disponible en chino simplificado, chino tradicional, inglés, tailandés, japonés, coreano, francés, español y turco.\n\nCambia el idioma en Ajustes: los mensajes de nuestros servidores siguen tu elección.',
    },
  ],
  notice: {
    title: 'Aviso de seguridad',
    content: 'El personal de Brisk nunca te pedirá tu contraseña ni tus códigos de verificación. No los compartas con nadie, ni siquiera con quien diga ser de Brisk.',
  },
  faq: [
    { question: '¿Cómo creo una cuenta?', answer: 'Toca Registrarse, introduce tu correo o número de móvil, solicita un código de verificación y elige una contraseña de al menos 6 caracteres.' },
    { question: 'No he recibido mi código de verificación.', answer: 'Revisa la carpeta de spam y que la dirección sea correcta. Puedes pedir un código nuevo pasados 60 segundos; solo funciona el último.' },
    { question: '¿Cómo restablezco mi contraseña?', answer: 'En la pantalla de inicio de sesión toca ¿Olvidaste la contraseña?, confirma tu correo o móvil con un código y establece una contraseña nueva.' },
    { question: '¿Por qué se cerró mi sesión?', answer: 'Las sesiones terminan a las 24 horas, o a los 30 días si elegiste mantener la sesión iniciada. Cambiar o restablecer la contraseña cierra la sesión en todos los dispositivos.' },
    { question: '¿Puedo usar Brisk sin conexión?', answer: 'Sí. Una vez instalado, Brisk se abre sin conexión y muestra tus últimos datos. Operar y transferir requieren conexión.' },
    { question: '¿Cómo cambio mi apodo o mi avatar?', answer: 'Abre Ajustes y luego tu perfil. El apodo tiene de 2 a 10 letras o dígitos; la firma, de 2 a 30.' },
  ],
  pages: {
    aboutus: {
      title: 'Acerca de Brisk',
      content: 'Brisk es un servicio pensado primero para el móvil, para seguir los mercados de activos digitales y gestionar tus activos.\n\nLo creamos para personas con teléfonos corrientes y redes saturadas: la aplicación es ligera, funciona sin conexión y se instala en la pantalla de inicio.',
    },
    contactus: {
      title: 'Contacto',
      content: 'Correo electrónico: support@brisk.dev\n\nRespondemos a todos los mensajes en un día hábil. Nunca incluyas tu contraseña ni tus códigos de verificación en un mensaje.',
    },
    operational_compliance: {
      title: 'Cumplimiento operativo',
      content: 'Brisk verifica la identidad de sus usuarios antes de aplicar límites más altos y supervisa la actividad para prevenir el fraude y el blanqueo de capitales.\n\nLos activos digitales son volátiles y puedes perder el dinero que inviertas. Opera solo con fondos que puedas permitirte perder y consulta las normas que se aplican donde vives.',
    },
  },
};
