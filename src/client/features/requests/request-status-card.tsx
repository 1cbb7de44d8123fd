// One information request as the family sees it (issue 16): the status in the family's words, the
// 24-hour promise's clock, the history of status changes and Withdraw.
import { CheckCircle2Icon, ClockIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ADVISOR_RESPONSE_HOURS } from '../../../contracts/constants';
import { FAMILY_STATUS_LABELS, LEAD_RECIPIENT_NOTICE, type RequestStatus } from '../../../contracts/leads';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useWithdrawRequest } from './api';

function hours(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  return `${h} ${h === 1 ? 'hour' : 'hours'}`;
}

/** The promise's clock in words. */
export function familyClock(r: Pick<RequestStatus, 'status' | 'createdAt' | 'dueAt' | 'respondedAt'>, now: number): { text: string; tone: 'ok' | 'late' | 'done' } {
  if (r.respondedAt) {
    const took = new Date(r.respondedAt).getTime() - new Date(r.createdAt).getTime();
    return { text: `Answered ${formatDateTime(r.respondedAt)}, ${hours(took)} after you sent it.`, tone: 'done' };
  }
  if (r.status === 'withdrawn' || r.status === 'closed') return { text: '', tone: 'done' };
  const left = new Date(r.dueAt).getTime() - now;
  if (left > 0) return { text: `A care advisor will contact you by ${formatDateTime(r.dueAt)} (in ${hours(left)}).`, tone: 'ok' };
  return { text: `Our ${ADVISOR_RESPONSE_HOURS}-hour promise ran out ${hours(-left)} ago. We are sorry; the advisor desk sees your request at the top of its list.`, tone: 'late' };
}

export function RequestStatusCard({ request, withdraw }: { request: RequestStatus; withdraw: { token: string } | { id: number } }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  const mutation = useWithdrawRequest();
  const [confirming, setConfirming] = useState(false);
  const clock = familyClock(request, now);
  const headingId = `request-${request.id}-heading`;

  return (
    <Card aria-labelledby={headingId} data-testid="request-status">
      <CardHeader>
        <CardTitle as="h2" id={headingId} className="text-xl">
          {request.community ? `Request about ${request.community.name}` : 'Information request'}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          Sent {formatDateTime(request.createdAt)}
          {request.community ? ` · ${request.community.city}, ${request.community.state}` : ''}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-gray-700">Status:</span>
          <Badge variant={request.status === 'withdrawn' || request.status === 'closed' ? 'secondary' : 'soft'} data-testid="request-status-label">
            {request.statusLabel}
          </Badge>
        </div>
        {clock.text && (
          <p className={clock.tone === 'late' ? 'flex items-start gap-2 text-sm text-red-800' : 'flex items-start gap-2 text-sm text-gray-700'} data-testid="request-clock">
            {clock.tone === 'done' ? <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : <ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
            {clock.text}
          </p>
        )}
        <section aria-label="What happened">
          <h3 className="mb-2 text-sm font-semibold text-gray-900">What happened</h3>
          <ol className="flex flex-col gap-1.5 border-l-2 border-primary-muted pl-4 text-sm" aria-label="Status history">
            {request.history.map((h, i) => (
              <li key={`${h.status}-${i}`}>
                <span className="font-medium">{FAMILY_STATUS_LABELS[h.status]}</span> <span className="text-gray-600">{formatDateTime(h.at)}</span>
              </li>
            ))}
          </ol>
        </section>
        <p className="text-sm text-gray-700">
          {LEAD_RECIPIENT_NOTICE}{' '}
          {request.consentCall || request.consentText
            ? `You allowed the advisor to ${[request.consentCall ? 'call' : null, request.consentText ? 'text' : null].filter(Boolean).join(' and ')} you.`
            : 'You did not allow calls or texts: the advisor answers by e-mail.'}
        </p>
        {request.canWithdraw && (
          <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3">
            {confirming ? (
              <>
                <p className="text-sm text-gray-800">Withdraw this request? The advisor desk will see that you withdrew it and will not contact you about it.</p>
                <div className="flex gap-2">
                  <Button variant="destructive" size="sm" disabled={mutation.isPending} onClick={() => mutation.mutate(withdraw, { onSettled: () => setConfirming(false) })}>
                    {mutation.isPending ? 'Withdrawing…' : 'Yes, withdraw it'}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                    Keep it
                  </Button>
                </div>
              </>
            ) : (
              <div>
                <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
                  Withdraw this request
                </Button>
              </div>
            )}
            {mutation.isError && (
              <p role="alert" className="text-sm text-red-800">
                {errorMessage(mutation.error)}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
