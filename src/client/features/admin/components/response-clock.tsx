// The 24-hour promise as a badge: 'Due in 5 h' while a new request waits, 'Overdue by 3 h' after.
import { Clock } from 'lucide-react';
import type { AdminLead } from '../../../../contracts/admin';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';

export { formatDateTime };

function span(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h`;
}

export interface ClockState {
  label: string;
  tone: 'overdue' | 'soon' | 'ok' | 'done';
}

export function responseClock(lead: Pick<AdminLead, 'status' | 'dueAt'>, now: number): ClockState {
  if (lead.status === 'withdrawn') return { label: 'Withdrawn', tone: 'done' };
  if (lead.status !== 'new') return { label: 'Responded', tone: 'done' };
  const left = new Date(lead.dueAt).getTime() - now;
  if (left <= 0) return { label: `Overdue by ${span(-left)}`, tone: 'overdue' };
  return { label: `Due in ${span(left)}`, tone: left < 4 * 3_600_000 ? 'soon' : 'ok' };
}

export function ResponseClock({ lead, now }: { lead: Pick<AdminLead, 'status' | 'dueAt'>; now: number }) {
  const c = responseClock(lead, now);
  const variant = c.tone === 'overdue' ? 'destructive' : c.tone === 'soon' ? 'warning' : c.tone === 'ok' ? 'soft' : 'secondary';
  return (
    <Badge variant={variant}>
      {c.tone !== 'done' && <Clock aria-hidden="true" />}
      {c.label}
    </Badge>
  );
}

/** Nov 20, 3:05 PM */
