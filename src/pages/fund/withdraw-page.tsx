import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SavedAddress, WithdrawInfo } from '../../../contract/api/wallet.ts';
import { withdrawAction, fetchWithdrawInfo } from '../../api/wallet.ts';
import { addDecimal, compareDecimal, isDecimalString, trimDecimal, truncateDecimal } from '../../lib/decimal.ts';
import { navigate } from '../../lib/hash-route.ts';
import { checkAmount, maxAfterFee, normaliseAmountInput } from '../../lib/money.ts';
import { showToast } from '../../stores/toast.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { IconBook } from '../../ui/icons.tsx';
import { PayPasswordDialog } from '../../ui/pay-password-dialog.tsx';
import { PayPasswordNeededDialog } from '../../ui/pay-password-needed-dialog.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { AddressBookDialog } from './address-book-dialog.tsx';
import { AmountField, Facts } from './amount-field.tsx';
import { amountProblemText } from './fund-labels.ts';
import { NetworkPicker } from './network-picker.tsx';
import { queryId, useQuery } from './use-query.ts';
import { useMoneyFormat } from './use-money-format.ts';
import './fund.css';

/** Withdraw to an address: network, address (typed or from the book), amount, fee, payment password. */
export function WithdrawPage() {
  const { t } = useLingui();
  const currencyId = queryId(useQuery(), 'currency_id');
  const info = useResource(() => (currencyId === null ? Promise.resolve(null) : fetchWithdrawInfo(currencyId)), [currencyId]);
  return (
    <ResourceView resource={info}>
      {(data) =>
        data && data.networks.length > 0 ? (
          <WithdrawForm info={data} />
        ) : (
          <EmptyState text={t`Choose a currency to withdraw first`}>
            <a class="btn btn--primary" href="#/pages/fund/select?type=withdraw">
              <Trans>Select currency</Trans>
            </a>
          </EmptyState>
        )
      }
    </ResourceView>
  );
}

function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const [networkId, setNetworkId] = useState(info.networks[0]!.id);
  const network = info.networks.find((n) => n.id === networkId) ?? info.networks[0]!;
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ address?: string | null; amount?: string | null }>({});
  const [dialog, setDialog] = useState<null | 'book' | 'confirm' | 'no-password'>(null);
  const [withdraw] = useState(withdrawAction);

  const currency = info.currency;
  const noLimitLeft = !isDecimalString(info.limit_left_btc) || compareDecimal(info.limit_left_btc, '0') <= 0;
  const clean = normaliseAmountInput(amount);
  // The fee comes on top: the address receives the amount, the balance pays amount + fee.
  const withdrawable = maxAfterFee(info.available, network.fee);
  const valid = isDecimalString(clean) && compareDecimal(clean, '0') > 0;
  const total = valid ? addDecimal(clean, network.fee) : null;
  const networkName = network.name;
  const min = money.amount(network.min);

  const addressError = (value: string): string | null => {
    if (!value) return t`Please enter the withdrawal address`;
    try {
      if (network.address_pattern && !new RegExp(network.address_pattern).test(value)) return t`This is not a valid ${networkName} address`;
    } catch {
      // A pattern this browser cannot compile: the server still checks the address.
    }
    return null;
  };

  const amountError = (value: string): string | null => {
    const problem = checkAmount(value, { decimals: info.decimals, available: withdrawable, min: network.min });
    return problem ? amountProblemText(i18n, problem, min, currency) : null;
  };

  const submit = () => {
    const next = { address: addressError(address.trim()), amount: amountError(clean) };
    setErrors(next);
    if (next.address || next.amount) return;
    setDialog(info.has_pay_password ? 'confirm' : 'no-password');
  };

  const confirm = (pay_password: string) => {
    withdraw({ currency_id: info.currency_id, network_id: network.id, address: address.trim(), amount: clean, pay_password }).then(
      () => {
        setDialog(null);
        showToast(t`Withdrawal request submitted`, 'success');
        navigate('/pages/fund/receive_withdraw_record?tab=withdraw', { replace: true });
      },
      () => undefined,
    );
  };

  const pickAddress = (saved: SavedAddress) => {
    setAddress(saved.address);
    setErrors((prev) => ({ ...prev, address: null }));
    setDialog(null);
  };

  const fee = `${money.amount(network.fee)} ${currency}`;
  const receiveText = valid ? `${money.amount(clean)} ${currency}` : '--';
  const totalText = total ? `${money.amount(total)} ${currency}` : '--';

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <div class="coin-head">
        <p class="coin-head__name">{currency}</p>
        <a class="btn btn--small btn--ghost" href="#/pages/fund/select?type=withdraw">
          <Trans>Change</Trans>
        </a>
      </div>
      {!info.has_pay_password && (
        <p class="notice" role="note">
          <Trans>
            Set a payment password before you withdraw. <a href="#/pages/setting/payPassword">Set it now</a>
          </Trans>
        </p>
      )}

      {noLimitLeft && (
        <p class="notice" role="note">
          <Trans>
            Your withdrawal limit for today is used up, or you have not verified your identity yet. <a href="#/pages/setting/real">Identity verification</a>
          </Trans>
        </p>
      )}

      <NetworkPicker networks={info.networks} value={network.id} onChange={(id) => setNetworkId(id)} />

      <TextField
        label={t`Withdrawal address`}
        name="address"
        autoComplete="off"
        value={address}
        onInput={setAddress}
        error={errors.address ?? null}
        placeholder={t`Paste or enter the ${networkName} address`}
        suffix={
          <button type="button" class="icon-btn icon-btn--small" onClick={() => setDialog('book')} aria-label={t`Choose from the address book`}>
            <IconBook />
          </button>
        }
      />

      <AmountField
        label={t`Amount`}
        value={amount}
        onInput={setAmount}
        error={errors.amount ?? null}
        currency={currency}
        placeholder={t`Minimum ${min}`}
        onAll={() => setAmount(trimDecimal(truncateDecimal(withdrawable, info.decimals)))}
      />

      <Facts
        rows={[
          [t`Available`, `${money.amount(info.available)} ${currency}`],
          [t`Minimum withdrawal`, `${min} ${currency}`],
          [t`Network fee`, fee],
          [t`Total deducted`, totalText],
          [t`24 h limit left`, `${money.amount(info.limit_left_btc)} BTC`],
        ]}
      />
      <div class="receive-amount">
        <span>
          <Trans>You will receive</Trans>
        </span>
        <strong class="num" data-testid="receive-amount">
          {receiveText}
        </strong>
      </div>

      <SubmitButton onSubmit={submit}>
        <Trans>Withdraw</Trans>
      </SubmitButton>
      <a class="link-center" href="#/pages/fund/receive_withdraw_record?tab=withdraw">
        <Trans>Withdrawal records</Trans>
      </a>

      {dialog === 'book' && <AddressBookDialog currencyId={info.currency_id} networkId={network.id} currency={currency} network={networkName} onPick={pickAddress} onClose={() => setDialog(null)} />}
      {dialog === 'confirm' && (
        <PayPasswordDialog
          title={t`Confirm withdrawal`}
          summary={
            <Facts
              rows={[
                [t`You will receive`, receiveText],
                [t`Network fee`, fee],
                [t`Total deducted`, totalText],
                [t`To`, <span class="mono break">{address.trim()}</span>],
              ]}
            />
          }
          onConfirm={confirm}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'no-password' && (
        <PayPasswordNeededDialog onClose={() => setDialog(null)}>
          <Trans>Withdrawals are confirmed with your payment password. Set one first, then come back.</Trans>
        </PayPasswordNeededDialog>
      )}
    </form>
  );
}
