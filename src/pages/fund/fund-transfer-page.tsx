import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../../../contract/api/content.ts';
import type { TransferFee, WalletOverview } from '../../../contract/api/wallet.ts';
import { ApiError } from '../../api/client.ts';
import { fetchCoins } from '../../api/content.ts';
import { fetchOverviewServed, fetchTransferFee, userTransferAction } from '../../api/wallet.ts';
import { trimDecimal, truncateDecimal } from '../../lib/decimal.ts';
import { navigate } from '../../lib/hash-route.ts';
import { checkAmount, normaliseAmountInput } from '../../lib/money.ts';
import { validateEmail } from '../../lib/validate.ts';
import { $user } from '../../stores/session.ts';
import { $online } from '../../stores/network.ts';
import { showToast } from '../../stores/toast.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { PayPasswordDialog } from '../../ui/pay-password-dialog.tsx';
import { PayPasswordNeededDialog } from '../../ui/pay-password-needed-dialog.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { AmountField, Facts } from './amount-field.tsx';
import { availableIn } from './balances.ts';
import { amountProblemText } from './fund-labels.ts';
import { useMoneyFormat } from './use-money-format.ts';
import { queryId, useQuery } from './use-query.ts';

/** Transfers to other users draw on the spot (coin) account. */
const SEND_ACCOUNT = 'change';
const FEE_DELAY_MS = 400;
const UID_RE = /^[1-9]\d{4,11}$/;
/** The form field a refusal names (the server calls the receiver `account`). */
const FIELD_OF: Record<string, 'receiver' | 'amount' | undefined> = { account: 'receiver', amount: 'amount' };

const loadAll = () => Promise.all([fetchCoins(), fetchOverviewServed()]);

/** Send to another user by uid or email: the fee is shown before the payment password confirms it. */
export function FundTransferPage() {
  const data = useResource(loadAll, []);
  const query = useQuery();
  return (
    <ResourceView resource={data}>
      {([coins, overview]) => <SendForm coins={coins.filter((c) => c.status === 1 && c.type !== 'fiat')} overview={overview.data} asOf={overview.asOf} wanted={queryId(query, 'currency_id')} />}
    </ResourceView>
  );
}

function SendForm({ coins, overview, asOf, wanted }: { coins: Coin[]; overview: WalletOverview; asOf: number; wanted: number | null }) {
  const online = useStore($online);
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const user = useStore($user);
  const [currencyId, setCurrencyId] = useState(coins.find((c) => c.id === wanted)?.id ?? coins.find((c) => c.name === 'USDT')?.id ?? coins[0]?.id ?? 0);
  const [receiver, setReceiver] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ receiver?: string | null; amount?: string | null }>({});
  const [fee, setFee] = useState<TransferFee | null>(null);
  const [dialog, setDialog] = useState<null | 'confirm' | 'no-password'>(null);
  const [send] = useState(userTransferAction);

  const coin = coins.find((c) => c.id === currencyId);
  const currency = coin?.name ?? '';
  const decimals = coin?.decimals ?? 8;
  const available = availableIn(overview, SEND_ACCOUNT, currencyId);
  const clean = normaliseAmountInput(amount);
  const valid = checkAmount(clean, { decimals }) === null;

  // The fee for this amount, fetched once typing pauses; the confirm step shows it again.
  useEffect(() => {
    setFee(null);
    if (!valid || !coin) return;
    let current = true;
    const timer = setTimeout(() => {
      fetchTransferFee(coin.id, clean).then(
        (f) => current && setFee(f),
        () => undefined,
      );
    }, FEE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [currencyId, clean, valid]);

  const receiverError = (value: string): string | null => {
    if (!value) return t`Please enter the receiver's UID or email`;
    if (UID_RE.test(value) || validateEmail(value) === true) {
      if (user && (String(user.uid) === value || user.email === value)) return t`You cannot send to yourself`;
      return null;
    }
    return t`Enter a UID (digits only) or an email address`;
  };

  const next = () => {
    const problem = checkAmount(clean, { decimals, available });
    const nextErrors = { receiver: receiverError(receiver.trim()), amount: problem ? amountProblemText(i18n, problem, '', currency) : null };
    setErrors(nextErrors);
    if (nextErrors.receiver || nextErrors.amount || !coin) return;
    if (user?.has_pay_password === false) {
      setDialog('no-password');
      return;
    }
    fetchTransferFee(coin.id, clean).then(
      (f) => {
        setFee(f);
        setDialog('confirm');
      },
      // Silent while typing; a tap on Next that does nothing must say why, next to its field if it has one.
      (error: unknown) => {
        if (!(error instanceof ApiError)) return;
        const field = FIELD_OF[error.field ?? ''];
        if (field) setErrors({ [field]: error.message });
        else showToast(error.message, 'error');
      },
    );
  };

  const confirm = (pay_password: string) => {
    if (!coin) return;
    send({ currency_id: coin.id, amount: clean, account: receiver.trim(), pay_password }).then(
      () => {
        setDialog(null);
        showToast(t`Sent`, 'success');
        navigate('/pages/fund/transfer_history?tab=user', { replace: true });
      },
      (error: unknown) => {
        // The server's word on the receiver or the amount belongs next to that field, not behind the dialog.
        const field = error instanceof ApiError ? FIELD_OF[error.field ?? ''] : undefined;
        if (!field) return;
        setDialog(null);
        setErrors({ [field]: (error as ApiError).message });
      },
    );
  };

  const feeText = fee ? `${money.amount(fee.fee)} ${currency}` : '--';
  const receiveText = fee ? `${money.amount(fee.receive)} ${currency}` : '--';

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <SelectField label={t`Currency`} name="currency" value={String(currencyId)} options={coins.map((c) => [String(c.id), c.name] as const)} onChange={(v) => setCurrencyId(Number(v))} />
      <TextField label={t`Receiver`} name="receiver" autoComplete="off" value={receiver} onInput={setReceiver} error={errors.receiver ?? null} placeholder={t`UID or email`} />
      <AmountField label={t`Amount`} value={amount} onInput={setAmount} error={errors.amount ?? null} currency={currency} onAll={() => setAmount(trimDecimal(truncateDecimal(available, decimals)))} />
      <Facts
        rows={[
          [t`Available (spot account)`, `${money.amount(available)} ${currency}`],
          [t`Fee`, feeText],
          [t`Receiver gets`, receiveText],
        ]}
      />
      <AsOf asOf={asOf} online={online} />
      <SubmitButton onSubmit={next}>
        <Trans>Next</Trans>
      </SubmitButton>
      <a class="link-center" href="#/pages/fund/transfer_history?tab=user">
        <Trans>Transfer history</Trans>
      </a>

      {dialog === 'confirm' && fee && (
        <PayPasswordDialog
          title={t`Confirm transfer`}
          summary={
            <Facts
              rows={[
                [t`To`, receiver.trim()],
                [t`Amount`, `${money.amount(clean)} ${currency}`],
                [t`Fee`, feeText],
                [t`Receiver gets`, receiveText],
              ]}
            />
          }
          onConfirm={confirm}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'no-password' && (
        <PayPasswordNeededDialog onClose={() => setDialog(null)}>
          <Trans>Transfers are confirmed with your payment password. Set one first, then come back.</Trans>
        </PayPasswordNeededDialog>
      )}
    </form>
  );
}
