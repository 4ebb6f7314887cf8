import { Trans, useLingui } from '@lingui/react/macro';
import type { IeoPreview, IeoProject } from '../../../contract/api/ieo.ts';
import { ConfirmDialog, type Fact } from '../../ui/confirm-dialog.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';

/**
 * The confirmation of a subscription, with the server's preview: what is frozen now, and for
 * everything the user will have subscribed, the allocation, payment and refund at best and if the
 * sale ended as subscribed now.
 */
export function IeoConfirmDialog({ project: p, preview: v, busy, onCancel, onConfirm }: { project: IeoProject; preview: IeoPreview; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const token = p.symbol;
  const pay = v.pay_currency;
  const price = p.prices.find((x) => x.currency === pay)?.price ?? '';
  const tokens = (x: string) => `${fmt.amount(x)} ${token}`;
  const money = (x: string) => `${fmt.amount(x)} ${pay}`;
  const facts: Fact[] = [
    { label: t`Amount`, value: tokens(v.amount), field: 'amount' },
    { label: t`Price`, value: `${fmt.amount(price)} ${pay}`, field: 'price' },
    { label: t`To freeze`, value: money(v.cost), field: 'cost' },
    { label: t`Your subscription after this`, value: tokens(v.total_amount), field: 'total' },
    { label: t`At most: allocated`, value: tokens(v.best.tokens), field: 'best-tokens' },
    { label: t`At most: paid`, value: money(v.best.pay), field: 'best-pay' },
    { label: t`If it ended now: allocated`, value: tokens(v.if_ended_now.tokens), field: 'now-tokens' },
    { label: t`If it ended now: paid`, value: money(v.if_ended_now.pay), field: 'now-pay' },
    { label: t`If it ended now: refunded`, value: money(v.if_ended_now.refund), field: 'now-refund' },
  ];
  return (
    <ConfirmDialog title={t`Confirm subscription`} facts={facts} testId="ieo-confirm" disabled={busy} onCancel={onCancel} onConfirm={onConfirm}>
      <p class="muted ieo-note">
        <Trans>
          The amount stays frozen until the sale ends. If more is subscribed than is for sale, tokens are shared in proportion to what each subscribed, up to the
          maximum allocation; you pay only for the tokens you get and the rest comes back.
        </Trans>
      </p>
    </ConfirmDialog>
  );
}
