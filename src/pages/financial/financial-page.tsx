import { useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EarnAmount } from '../../../contract/api/invest.ts';
import { fetchDualProducts } from '../../api/dual.ts';
import {
  fetchEarnPositions, fetchIeoProjectsForHub, fetchIeoSubscriptionsForHub, fetchInvestProducts, fetchLockOrdersForHub, fetchLockProductsForHub,
} from '../../api/invest.ts';
import { addDecimal, shiftDecimal, trimDecimal } from '../../lib/decimal.ts';
import { formatDate } from '../../lib/format-date.ts';
import { $online } from '../../stores/network.ts';
import { $signedIn } from '../../stores/session.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { EARN_DIRECTIONS, ratePercent } from '../shared/earn-labels.ts';
import '../shared/earn.css';
import './financial.css';

/** One earn product as the hub lists it, whichever module offers it. */
interface Offer {
  key: string;
  coin: string;
  title: string;
  rate: string;
  rateNote: string;
  term: string;
  href: string;
}

const none = () => Promise.resolve(undefined);

/**
 * The finance tab, the earn hub: every earn product (invest, dual, lock mining, IEO) with rate,
 * term and coin, filterable by coin, and "my positions" (total held, total earned, what matures
 * next). Reads seen before show offline with their time; lock mining and IEO appear as menu entries
 * even when their lists cannot be read.
 */
export function FinancialPage() {
  const { t, i18n } = useLingui();
  const online = useStore($online);
  const signedIn = useStore($signedIn);
  const [coin, setCoin] = useState<string | null>(null);
  const invest = useResource(() => fetchInvestProducts(), []);
  const dual = useResource(() => fetchDualProducts(), []);
  const lock = useResource(() => fetchLockProductsForHub().catch(() => undefined), []);
  const ieo = useResource(() => fetchIeoProjectsForHub().catch(() => undefined), []);

  const offers: Offer[] = [
    ...(invest.data?.data.data ?? []).map((p) => ({
      key: `invest-${p.id}`, coin: p.coin, title: p.name, rate: ratePercent(p.annual_rate), rateNote: t`Annual rate`,
      term: t`${p.days} days · linked ${p.linked_price}`, href: `#/pages/invest/purchase?id=${p.id}`,
    })),
    ...(dual.data?.data.data ?? []).map((p) => ({
      key: `dual-${p.id}`, coin: p.coin, title: `${p.coin}/${p.quote} · ${i18n._(EARN_DIRECTIONS[p.direction])}`, rate: ratePercent(p.annual_rate), rateNote: t`Annual rate`,
      term: t`${p.days} days · target ${p.target_price}`, href: `#/pages/dual/buy?id=${p.id}`,
    })),
    ...(lock.data?.data ?? []).filter((p) => p.purchasable).map((p) => ({
      key: `lock-${p.id}`, coin: p.currency, title: t`Lock mining ${p.currency}`, rate: `${trimDecimal(shiftDecimal(p.daily_yield, 2))}%`, rateNote: t`Daily yield`,
      term: t`${p.lock_days} days`, href: '#/pages/lockming/lockming',
    })),
    ...(ieo.data?.data.data ?? []).filter((p) => p.phase !== 'ended').map((p) => ({
      key: `ieo-${p.id}`, coin: p.symbol, title: `IEO · ${p.name}`, rate: p.prices[0] ? `${p.prices[0].price} ${p.prices[0].currency}` : '--', rateNote: t`Price`,
      term: `${formatDate(p.start_at)} – ${formatDate(p.end_at)}`, href: '#/pages/ieo/ieo',
    })),
  ];
  const coins = [...new Set(offers.map((o) => o.coin))].sort();
  const shown = coin === null ? offers : offers.filter((o) => o.coin === coin);
  const asOf = invest.data?.asOf;

  return (
    <div class="stack financial">
      {signedIn && <MyPositions />}
      <nav class="financial-menu" aria-label={t`Earn products`}>
        <a href="#/pages/invest/invest">
          <Trans>Invest</Trans>
        </a>
        <a href="#/pages/dual/index">
          <Trans>Dual currency</Trans>
        </a>
        <a href="#/pages/lockming/lockming">
          <Trans>Lock mining</Trans>
        </a>
        <a href="#/pages/ieo/ieo">
          <Trans>IEO</Trans>
        </a>
        <a href="#/pages/invest/help">
          <Trans>Help</Trans>
        </a>
      </nav>
      <div class="chips" role="radiogroup" aria-label={t`Coin`}>
        <button type="button" class="chip" role="radio" aria-checked={coin === null} onClick={() => setCoin(null)}>
          <Trans>All</Trans>
        </button>
        {coins.map((c) => (
          <button key={c} type="button" class="chip" role="radio" aria-checked={coin === c} onClick={() => setCoin(c)}>
            {c}
          </button>
        ))}
      </div>
      {asOf !== undefined && <AsOf asOf={asOf} online={online} />}
      {invest.loading && dual.loading && offers.length === 0 ? (
        <PageLoading />
      ) : shown.length === 0 ? (
        <EmptyState text={t`No products to show`} />
      ) : (
        <div class="list" data-testid="financial-offers">
          {shown.map((o) => (
            <a key={o.key} class="earn-product" href={o.href}>
              <CoinIcon symbol={o.coin} />
              <span class="earn-product__main">
                <span class="earn-product__name">{o.title}</span>
                <span class="earn-product__sub">{o.term}</span>
              </span>
              <span class="earn-product__rate">
                <strong class="num">{o.rate}</strong>
                <span>{o.rateNote}</span>
              </span>
            </a>
          ))}
        </div>
      )}
    </div>
  );
}

const sumInto = (totals: Map<string, string>, currency: string, amount: string) => totals.set(currency, addDecimal(totals.get(currency) ?? '0', amount));

/** Total held, total earned and what matures next, over invest and dual (and lock mining and IEO when their APIs answer). */
function MyPositions() {
  const { t } = useLingui();
  const online = useStore($online);
  const earn = useResource(fetchEarnPositions, []);
  const lock = useResource(() => fetchLockOrdersForHub().catch(none), []);
  const ieo = useResource(() => fetchIeoSubscriptionsForHub().catch(none), []);
  if (!earn.data) return earn.loading ? <PageLoading /> : null;
  const held = new Map<string, string>();
  const earned = new Map<string, string>();
  const add = (into: Map<string, string>, list: readonly EarnAmount[]) => list.forEach((a) => sumInto(into, a.currency, a.amount));
  add(held, earn.data.data.held);
  add(earned, earn.data.data.earned);
  const nexts: { name: string; at: string }[] = [];
  const next = earn.data.data.next;
  if (next) nexts.push({ name: next.name, at: next.fixing.at });
  for (const o of lock.data?.data.data ?? []) {
    if (o.status !== 'in_progress') continue;
    sumInto(held, o.currency, o.amount);
    sumInto(earned, o.currency, o.dividends);
    nexts.push({ name: t`Lock mining ${o.currency}`, at: o.matures_at });
  }
  for (const s of ieo.data?.data.data ?? []) if (s.state === 'pending') sumInto(held, s.pay_currency, s.committed);
  const soonest = nexts.sort((a, b) => a.at.localeCompare(b.at))[0];
  const lines = (m: Map<string, string>) => (m.size === 0 ? ['0'] : [...m].map(([c, a]) => `${a} ${c}`));
  return (
    <section class="card financial-positions" aria-labelledby="positions-title" data-testid="my-positions">
      <h2 id="positions-title" class="card__title">
        <Trans>My positions</Trans>
      </h2>
      <dl class="earn-facts">
        <div>
          <dt>
            <Trans>Total held</Trans>
          </dt>
          <dd class="num">{lines(held).map((l) => <div key={l}>{l}</div>)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Total earned</Trans>
          </dt>
          <dd class="num">{lines(earned).map((l) => <div key={l}>{l}</div>)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Matures next</Trans>
          </dt>
          <dd>{soonest ? `${soonest.name} · ${formatDate(soonest.at, 'yyyy-mm-dd hh:MM')}` : '--'}</dd>
        </div>
      </dl>
      <AsOf asOf={earn.data.asOf} online={online} />
      <nav class="financial-mine">
        <a href="#/pages/invest/mine">
          <Trans>My investments</Trans>
        </a>
        <a href="#/pages/dual/order">
          <Trans>My dual orders</Trans>
        </a>
        <a href="#/pages/lockming/order">
          <Trans>Mining orders</Trans>
        </a>
        <a href="#/pages/ieo/order">
          <Trans>My subscriptions</Trans>
        </a>
      </nav>
    </section>
  );
}
