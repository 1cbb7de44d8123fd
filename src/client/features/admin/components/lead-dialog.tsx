// One request in full: contact details, the history of its status, and a status change with a note.
// Mount it with key={leadId} so the form starts empty for each request.
import { useId, useState } from 'react';
import { LEAD_NOTE_MAX, LEAD_STATUS_LABELS } from '../../../../contracts/admin';
import type { LeadStatus } from '../../../../contracts/constants';
import { LabelledSelect } from '../../../components/labelled-select';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/use-toast';
import { errorMessage, useChangeLeadStatus, useLeadDetail } from '../api/admin-api';
import { NotificationBadge } from './notification-badge';
import { QueryFallback } from './query-fallback';
import { formatDateTime, ResponseClock } from './response-clock';

export function LeadDialog({ leadId, onClose, now }: { leadId: number | null; onClose: () => void; now: number }) {
  const detail = useLeadDetail(leadId);
  const change = useChangeLeadStatus();
  const { toast } = useToast();
  const [next, setNext] = useState<LeadStatus | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();
  const noteId = useId();
  const lead = detail.data;
  // The form is filled for the status the request has on screen. When that status moves on (this save, or
  // another advisor's), the form starts empty in the same render that shows the new status and its next
  // steps. Emptying it when the save settled came too late: the save also waits for the inbox's refresh, so
  // the refreshed request could be on screen first and a next status chosen there was wiped.
  const [formStatus, setFormStatus] = useState<LeadStatus | null>(null);
  if (lead && lead.status !== formStatus) {
    setFormStatus(lead.status);
    setNext('');
    setNote('');
    setError(null);
  }

  const save = () => {
    if (!lead || !next) return;
    setError(null);
    change.mutate(
      { id: lead.id, status: next, note: note.trim() || undefined },
      {
        onSuccess: (r) => toast({ title: `${r.name}: ${LEAD_STATUS_LABELS[r.status]}` }),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Dialog open={leadId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{lead ? `Request from ${lead.name}` : 'Information request'}</DialogTitle>
          <DialogDescription>{lead ? `Arrived ${formatDateTime(lead.createdAt)}` : 'Loading the request...'}</DialogDescription>
        </DialogHeader>
        <QueryFallback query={detail} skeletonClassName="h-64 w-full" />
        {lead && (
          <div className="flex flex-col gap-5">
            <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-gray-700">E-mail</dt>
              <dd>
                <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${lead.email}`}>
                  {lead.email}
                </a>
              </dd>
              <dt className="font-medium text-gray-700">Phone</dt>
              <dd>{lead.phone ? <a href={`tel:${lead.phone}`}>{lead.phone}</a> : 'Not given'}</dd>
              <dt className="font-medium text-gray-700">Consent</dt>
              <dd data-testid="lead-consent">
                {lead.consent.call || lead.consent.text
                  ? `May ${[lead.consent.call ? 'call' : null, lead.consent.text ? 'text' : null].filter(Boolean).join(' and ')}`
                  : 'No calls or texts: answer by e-mail'}
              </dd>
              <dt className="font-medium text-gray-700">Community</dt>
              <dd>{lead.community ? `${lead.community.name}, ${[lead.community.city, lead.community.state].filter(Boolean).join(', ')}` : 'None chosen'}</dd>
              <dt className="font-medium text-gray-700">Care needs</dt>
              <dd>{lead.careNeeds.length ? lead.careNeeds.join(', ') : 'Not given'}</dd>
              <dt className="font-medium text-gray-700">Notes</dt>
              <dd className="whitespace-pre-wrap">{lead.notes ?? 'None'}</dd>
              <dt className="font-medium text-gray-700">Status</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">{LEAD_STATUS_LABELS[lead.status]}</Badge>
                <ResponseClock lead={lead} now={now} />
              </dd>
              <dt className="font-medium text-gray-700">Advisor e-mail</dt>
              <dd>
                <NotificationBadge lead={lead} />
              </dd>
            </dl>

            <section aria-labelledby={`${statusId}-history`}>
              <h3 id={`${statusId}-history`} className="mb-2 text-base font-semibold">
                History
              </h3>
              <ol className="flex flex-col gap-2 border-l-2 border-primary-muted pl-4" aria-label="Status history">
                {lead.events.map((e) => (
                  <li key={e.id} className="text-sm">
                    <span className="font-medium">
                      {e.fromStatus ? `${LEAD_STATUS_LABELS[e.fromStatus]} → ${LEAD_STATUS_LABELS[e.toStatus]}` : 'Received'}
                    </span>{' '}
                    <span className="text-gray-700">
                      {formatDateTime(e.createdAt)}
                      {e.changedBy ? ` by ${e.changedBy}` : ''}
                    </span>
                    {e.note && <p className="text-gray-800">“{e.note}”</p>}
                  </li>
                ))}
              </ol>
            </section>

            {lead.nextStatuses.length > 0 ? (
              <section className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4" aria-label="Change the status">
                <LabelledSelect<LeadStatus | ''>
                  id={statusId}
                  label="Move to"
                  value={next}
                  options={lead.nextStatuses.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
                  onChange={setNext}
                  triggerClassName="sm:w-64"
                  placeholder="Choose the next status"
                />
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={noteId}>Note (optional)</Label>
                  <Textarea id={noteId} value={note} maxLength={LEAD_NOTE_MAX} onChange={(e) => setNote(e.target.value)} placeholder="e.g. Called, tour on Friday 10am" />
                </div>
                {error && (
                  <Alert variant="destructive">
                    <AlertDescription>{error}</AlertDescription>
                  </Alert>
                )}
                <div>
                  <Button onClick={save} disabled={!next || change.isPending}>
                    {change.isPending ? 'Saving...' : 'Save status'}
                  </Button>
                </div>
              </section>
            ) : (
              <p className="text-sm text-gray-700">{lead.status === 'withdrawn' ? 'The family withdrew this request.' : 'This request is closed.'}</p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
