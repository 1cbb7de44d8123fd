// Whether the advisors were told about a request; a failed e-mail shows its error and a Retry button.
import { RotateCw } from 'lucide-react';
import type { AdminLead } from '../../../../contracts/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/use-toast';
import { errorMessage, useRetryNotification } from '../api/admin-api';
import { formatDateTime } from './response-clock';

const LABELS = {
  sent: { text: 'E-mailed', variant: 'success' },
  logged: { text: 'Logged (no SMTP)', variant: 'secondary' },
  pending: { text: 'E-mail pending', variant: 'outline' },
  sending: { text: 'E-mail sending', variant: 'outline' },
  failed: { text: 'E-mail failed', variant: 'destructive' },
} as const;

export function NotificationBadge({ lead }: { lead: Pick<AdminLead, 'id' | 'name' | 'notification'> }) {
  const { toast } = useToast();
  const retry = useRetryNotification();
  const n = lead.notification;
  const label = LABELS[n.status];
  const title =
    n.status === 'failed'
      ? `Attempt ${n.attempts} failed${n.at ? ` at ${formatDateTime(n.at)}` : ''}: ${n.error ?? ''}`
      : n.at
        ? `${label.text} ${formatDateTime(n.at)}`
        : label.text;
  return (
    <div className="flex max-w-56 flex-col items-start gap-1">
      <Badge variant={label.variant} title={title}>
        {label.text}
      </Badge>
      {n.status === 'failed' && (
        <>
          <p className="text-xs break-words text-red-800">{n.error}</p>
          <Button
            variant="outline"
            size="sm"
            disabled={retry.isPending}
            aria-label={`Retry the e-mail about ${lead.name}`}
            onClick={() =>
              retry.mutate(lead.id, {
                onSuccess: (r) =>
                  toast({
                    title: r.notification.status === 'failed' ? 'The e-mail failed again' : 'Advisors notified',
                    description: r.notification.status === 'failed' ? (r.notification.error ?? undefined) : undefined,
                    variant: r.notification.status === 'failed' ? 'destructive' : 'default',
                  }),
                onError: (err) => toast({ title: 'Could not retry', description: errorMessage(err), variant: 'destructive' }),
              })
            }
          >
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        </>
      )}
    </div>
  );
}
