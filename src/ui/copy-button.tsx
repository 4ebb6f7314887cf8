import { Trans } from '@lingui/react/macro';

/** Copies text: the Clipboard API where allowed, else a hidden textarea and execCommand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok: boolean;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** "Copy" beside a value; the page says what happened (a toast) through `onDone`. */
export function CopyButton({ text, label, onDone }: { text: string; label?: string; onDone: (copied: boolean) => void }) {
  return (
    <button type="button" class="btn btn--small btn--ghost" aria-label={label} onClick={() => void copyText(text).then(onDone)}>
      <Trans>Copy</Trans>
    </button>
  );
}
