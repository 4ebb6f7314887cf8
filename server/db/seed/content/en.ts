import type { LocaleContent } from './locale-content.ts';

export const en: LocaleContent = {
  banners: [
    {
      title: 'Welcome to Brisk',
      summary: 'Create your account in a minute and start following the markets.',
      content: 'Sign up with your email or mobile number, confirm it with a six-digit code, and you are ready.\n\nYour account works on every device: open Brisk in the browser or install it to your home screen.',
    },
    {
      title: 'Fast on any phone',
      summary: 'Brisk is built to stay quick on modest phones and weak networks.',
      content: 'The app loads only what the screen needs and keeps your last data on the device.\n\nWhen the connection drops, you still see your latest figures, and Brisk catches up as soon as you are back online.',
    },
    {
      title: 'Keep your account safe',
      summary: 'Never share your password or verification codes with anyone.',
      content: 'Brisk staff will never ask for your password or a verification code.\n\nUse a password you do not use anywhere else. If you change it, every device is signed out and must sign in again.',
    },
  ],
  news: [
    {
      title: 'Brisk 0.8 is here',
      summary: 'A lighter app, faster start-up and a cleaner home screen.',
      content: 'Version 0.8 rebuilds the app around speed. The first screen appears sooner, lists scroll smoothly, and the app uses less data.\n\nThank you to everyone who sent feedback during the preview.',
    },
    {
      title: 'Install Brisk on your home screen',
      summary: 'Add Brisk to your home screen for one-tap access, even offline.',
      content: 'Open Brisk in your phone browser and choose "Add to Home screen" or "Install app".\n\nThe installed app opens instantly and shows your last known data when you are offline.',
    },
    {
      title: 'How we protect your account',
      summary: 'Verification codes, session limits and sign-in protection explained.',
      content: 'Every code we send is valid for ten minutes and can be used only once. After several wrong attempts a code stops working.\n\nRepeated failed sign-ins lock the account for fifteen minutes to stop password guessing.',
    },
    {
      title: 'USDT on two networks',
      summary: 'USDT is supported on both ERC20 and TRC20.',
      content: 'You can now choose between the ERC20 and TRC20 networks for USDT.\n\nAlways check that the sending and receiving networks match: assets sent on the wrong network may be lost.',
    },
    {
      title: 'Brisk now speaks nine languages',
      summary: 'Choose your language in Settings at any time.',
      content: 'Brisk is available in Simplified Chinese, Traditional Chinese, English, Thai, Japanese, Korean, French, Spanish and Turkish.\n\nChange the language in Settings; messages from our servers follow your choice.',
    },
  ],
  notice: {
    title: 'Security reminder',
    content: 'Brisk staff will never ask for your password or verification codes. Do not share them with anyone, including people who claim to be from Brisk.',
  },
  faq: [
    { question: 'How do I create an account?', answer: 'Tap Register, enter your email or mobile number, request a verification code, then choose a password of at least 6 characters.' },
    { question: 'I did not receive my verification code.', answer: 'Check your spam folder and that the address is correct. You can request a new code after 60 seconds; only the latest code works.' },
    { question: 'How do I reset my password?', answer: 'On the sign-in screen tap Forgot password, confirm your email or mobile number with a code, and set a new password.' },
    { question: 'Why was I signed out?', answer: 'Sessions end after 24 hours, or after 30 days if you chose to stay signed in. Changing or resetting your password signs out every device.' },
    { question: 'Can I use Brisk offline?', answer: 'Yes. Once installed, Brisk opens without a connection and shows your last known data. Trading and transfers need a connection.' },
    { question: 'How do I change my nickname or avatar?', answer: 'Open Settings, then your profile. A nickname has 2 to 10 letters or digits; a signature has 2 to 30.' },
  ],
  pages: {
    aboutus: {
      title: 'About Brisk',
      content: 'Brisk is a mobile-first service for following digital-asset markets and managing your assets.\n\nWe build for people on everyday phones and busy networks: the app is light, works offline and installs to your home screen.',
    },
    contactus: {
      title: 'Contact us',
      content: 'Email: support@brisk.dev\n\nWe answer every message within one business day. Please never include your password or verification codes in a message.',
    },
    operational_compliance: {
      title: 'Operational compliance',
      content: 'Brisk verifies the identity of its users before higher limits apply and monitors activity to prevent fraud and money laundering.\n\nDigital assets are volatile and you may lose the money you invest. Only trade with funds you can afford to lose, and check the rules that apply where you live.',
    },
  },
};
