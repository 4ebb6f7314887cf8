import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IeoPhase } from '../../../contract/api/ieo.ts';

/** The phases of section 4 (warm-up, in progress, ended) and the allocation's two after them. */
export const PHASE_LABELS: Record<IeoPhase, MessageDescriptor> = {
  warmup: msg`Warm-up`,
  in_progress: msg`In progress`,
  ended: msg`Ended`,
  calculating: msg`Calculating`,
  distributed: msg`Distributed`,
};

export const PHASE_BADGES: Record<IeoPhase, string> = {
  warmup: 'badge badge--wait',
  in_progress: 'badge badge--ok',
  ended: 'badge ieo-badge--muted',
  calculating: 'badge badge--wait',
  distributed: 'badge ieo-badge--muted',
};
