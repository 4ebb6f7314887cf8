import type { ComponentChildren } from 'preact';
import { formatDate } from '../../lib/format-date.ts';
import './fund.css';

/** One row of a money record: what, how much (signed amounts coloured), state, when, details. */
export function RecordRow({
  title,
  amount,
  tone,
  state,
  stateTone,
  time,
  children,
  id,
}: {
  title: string;
  amount: string;
  tone?: 'in' | 'out';
  state?: string;
  stateTone?: 'ok' | 'wait' | 'bad';
  time: string;
  children?: ComponentChildren;
  id?: string;
}) {
  return (
    <li class="record" data-record={id}>
      <div class="record__line">
        <span class="record__title">{title}</span>
        <span class={tone ? `record__amount num record__amount--${tone}` : 'record__amount num'}>{amount}</span>
      </div>
      <div class="record__line">
        <span class="muted">{formatDate(time, 'yyyy-mm-dd hh:MM:ss')}</span>
        {state && <span class={`badge badge--${stateTone ?? 'wait'}`}>{state}</span>}
      </div>
      {children && <div class="record__details">{children}</div>}
    </li>
  );
}

/** A long address or hash shortened in the middle; the full text stays available to copy and read. */
export function Middle({ text }: { text: string }) {
  const short = text.length > 20 ? `${text.slice(0, 8)}…${text.slice(-8)}` : text;
  return (
    <span class="mono" title={text}>
      {short}
    </span>
  );
}
