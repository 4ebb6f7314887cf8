import { useEffect, useRef, useState } from 'preact/hooks';
import type { RiskPositionMark } from '../../../contract/api/contracts.ts';
import type { CopyEvent } from '../../../contract/api/copytrade.ts';
import { holdContractEvents } from '../../realtime/contract-events.ts';
import { holdSocketEvent } from '../../realtime/live.ts';

/**
 * The follower's private channel while the My copies screen is open: the `copy` event (a copy made,
 * changed or skipped) and the futures `risk` stream (marks and PnL of open positions). `onChange`
 * runs when a copy event arrives, when the set of open positions changes (a copy opened or closed,
 * also if a copy event was missed) and when the channel is rejoined; the marks come back by id.
 */
export function useCopyLive(token: string, onChange: (event: CopyEvent | null) => void): ReadonlyMap<number, RiskPositionMark> {
  const [marks, setMarks] = useState<ReadonlyMap<number, RiskPositionMark>>(new Map());
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    if (!token) return undefined;
    // Without positions no risk message comes, so the first one that lists some is a change too.
    let openIds = '';
    const stopCopy = holdSocketEvent('copy', (message) => typeof message?.seq === 'number' && change.current(message.event));
    const stopRisk = holdContractEvents(token, {
      risk: (message) => {
        const ids = message.positions.map((p) => p.id).sort((a, b) => a - b).join(',');
        if (ids !== openIds) change.current(null);
        openIds = ids;
        setMarks(new Map(message.positions.map((p) => [p.id, p])));
      },
      rejoined: () => change.current(null),
    });
    return () => {
      stopCopy();
      stopRisk();
    };
  }, [token]);
  return marks;
}
