import { render } from 'preact';
import { App } from './app/app.tsx';
import { activateLocale } from './app/i18n.ts';
import { bootAfterPaint } from './app/boot-after-paint.ts';
import { $lang } from './stores/lang.ts';
import './app/styles.css';

const root = document.getElementById('app');
if (root) {
  // The catalog is one small chunk; rendering before it lands would flash untranslated text.
  void activateLocale($lang.get()).then(() => {
    render(<App />, root);
    bootAfterPaint();
  });
  $lang.listen((lang) => void activateLocale(lang));
}
