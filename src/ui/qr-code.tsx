import { encode } from 'uqr';
import { useMemo } from 'preact/hooks';

/**
 * A QR code drawn as one SVG path (dark modules on a white quiet zone, whatever the theme, so every
 * scanner reads it). `label` names it for screen readers, such as "QR code of the deposit address".
 */
export function QrCode({ value, label, size = 184 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, modules: qr.size };
  }, [value]);
  return (
    <svg class="qr" role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} shape-rendering="crispEdges">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
