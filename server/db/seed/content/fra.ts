import type { LocaleContent } from './locale-content.ts';

export const fra: LocaleContent = {
  banners: [
    {
      title: 'Bienvenue sur Brisk',
      summary: 'Créez votre compte en une minute et suivez les marchés.',
      content: 'Inscrivez-vous avec votre e-mail ou votre numéro de mobile, confirmez-le avec un code à six chiffres, et c’est prêt.\n\nVotre compte fonctionne sur tous vos appareils : ouvrez Brisk dans le navigateur ou installez-le sur votre écran d’accueil.',
    },
    {
      title: 'Rapide sur tous les téléphones',
      summary: 'Brisk reste rapide sur les téléphones modestes et les réseaux lents.',
      content: 'L’application ne charge que ce dont l’écran a besoin et garde vos dernières données sur l’appareil.\n\nSi la connexion coupe, vous voyez toujours vos derniers chiffres, et Brisk se met à jour dès votre retour en ligne.',
    },
    {
      title: 'Protégez votre compte',
      summary: 'Ne communiquez jamais votre mot de passe ni vos codes de vérification.',
      content: 'L’équipe Brisk ne vous demandera jamais votre mot de passe ni un code de vérification.\n\nUtilisez un mot de passe que vous n’utilisez nulle part ailleurs. Si vous le changez, tous les appareils sont déconnectés et doivent se reconnecter.',
    },
  ],
  news: [
    {
      title: 'Brisk 0.8 est disponible',
      summary: 'Une application plus légère, un démarrage plus rapide et un accueil épuré.',
      content: 'La version 0.8 reconstruit l’application autour de la vitesse. Le premier écran s’affiche plus tôt, les listes défilent sans à-coups et l’application consomme moins de données.\n\nMerci à toutes les personnes qui nous ont fait part de leurs retours pendant la préversion.',
    },
    {
      title: 'Installez Brisk sur votre écran d’accueil',
      summary: 'Ajoutez Brisk à l’écran d’accueil pour l’ouvrir d’un geste, même hors ligne.',
      content: 'Ouvrez Brisk dans le navigateur de votre téléphone et choisissez « Ajouter à l’écran d’accueil » ou « Installer l’application ».\n\nL’application installée s’ouvre instantanément et affiche vos dernières données hors ligne.',
    },
    {
      title: 'Comment nous protégeons votre compte',
      summary: 'Codes de vérification, durée des sessions et protection de la connexion.',
      content: 'Chaque code envoyé est valable dix minutes et ne peut servir qu’une fois. Après plusieurs essais erronés, le code ne fonctionne plus.\n\nDes échecs de connexion répétés verrouillent le compte pendant quinze minutes pour empêcher de deviner le mot de passe.',
    },
    {
      title: 'L’USDT sur deux réseaux',
      summary: 'L’USDT est pris en charge sur ERC20 et TRC20.',
      content: 'Vous pouvez désormais choisir entre les réseaux ERC20 et TRC20 pour l’USDT.\n\nVérifiez toujours que les réseaux d’envoi et de réception correspondent : des actifs envoyés sur le mauvais réseau peuvent être perdus.',
    },
    {
      title: 'Brisk parle désormais neuf langues',
      summary: 'Choisissez votre langue à tout moment dans les Paramètres.',
      content: 'Brisk est disponible en chinois simplifié, chinois traditionnel, anglais, thaï, japonais, coréen, français, espagnol et turc.\n\nChangez de langue dans les Paramètres : les messages de nos serveurs suivent votre choix.',
    },
  ],
  notice: {
    title: 'Rappel de sécurité',
    content: 'L’équipe Brisk ne vous demandera jamais votre mot de passe ni vos codes de vérification. Ne les communiquez à personne, y compris à ceux qui prétendent venir de Brisk.',
  },
  faq: [
    { question: 'Comment créer un compte ?', answer: 'Touchez S’inscrire, saisissez votre e-mail ou votre numéro de mobile, demandez un code de vérification, puis choisissez un mot de passe d’au moins 6 caractères.' },
    { question: 'Je n’ai pas reçu mon code de vérification.', answer: 'Vérifiez vos courriers indésirables et l’adresse saisie. Vous pouvez demander un nouveau code après 60 secondes ; seul le dernier code est valable.' },
    { question: 'Comment réinitialiser mon mot de passe ?', answer: 'Sur l’écran de connexion, touchez Mot de passe oublié, confirmez votre e-mail ou votre mobile avec un code, puis définissez un nouveau mot de passe.' },
    { question: 'Pourquoi ai-je été déconnecté ?', answer: 'Les sessions se terminent après 24 heures, ou 30 jours si vous avez choisi de rester connecté. Changer ou réinitialiser le mot de passe déconnecte tous les appareils.' },
    { question: 'Puis-je utiliser Brisk hors ligne ?', answer: 'Oui. Une fois installé, Brisk s’ouvre sans connexion et affiche vos dernières données. Les transactions et les transferts nécessitent une connexion.' },
    { question: 'Comment changer mon pseudo ou mon avatar ?', answer: 'Ouvrez les Paramètres, puis votre profil. Un pseudo compte de 2 à 10 lettres ou chiffres ; une signature de 2 à 30.' },
  ],
  pages: {
    aboutus: {
      title: 'À propos de Brisk',
      content: 'Brisk est un service pensé d’abord pour le mobile, pour suivre les marchés d’actifs numériques et gérer vos actifs.\n\nNous le concevons pour les téléphones du quotidien et les réseaux chargés : l’application est légère, fonctionne hors ligne et s’installe sur l’écran d’accueil.',
    },
    contactus: {
      title: 'Nous contacter',
      content: 'E-mail : support@brisk.dev\n\nNous répondons à chaque message sous un jour ouvré. N’indiquez jamais votre mot de passe ni vos codes de vérification dans un message.',
    },
    operational_compliance: {
      title: 'Conformité opérationnelle',
      content: 'Brisk vérifie l’identité de ses utilisateurs avant d’appliquer des plafonds plus élevés et surveille l’activité pour prévenir la fraude et le blanchiment d’argent.\n\nLes actifs numériques sont volatils et vous pouvez perdre l’argent investi. N’investissez que des fonds que vous pouvez vous permettre de perdre et vérifiez les règles applicables là où vous vivez.',
    },
  },
};
