// 'Export Data' of the insight screens: a Pro user downloads the CSV of the current filters and sort
// (a plain link to the streamed export); anyone else is told that export is a Professional feature.
import { DownloadIcon } from 'lucide-react';
import { useAuth } from '../lib/auth';
import { Button, buttonVariants } from './ui/button';
import { toast } from './ui/use-toast';
import { cn } from '../lib/utils';
import { TextLink } from './text-link';

export interface ExportDataButtonProps {
  /** The export URL with the current filters and sort. */
  href: string;
  className?: string;
}

export function ExportDataButton({ href, className }: ExportDataButtonProps) {
  const { isPro } = useAuth();
  if (isPro) {
    return (
      <a href={href} download className={cn(buttonVariants({ variant: 'outline' }), className)}>
        <DownloadIcon aria-hidden="true" />
        Export Data
      </a>
    );
  }
  return (
    <Button
      variant="outline"
      className={className}
      onClick={() =>
        toast({
          title: 'Export is a Professional feature',
          description: (
            <span>
              Upgrade to Pro to download the data as CSV.{' '}
              <TextLink href="/pricing">
                See plans
              </TextLink>
            </span>
          ),
        })
      }
    >
      <DownloadIcon aria-hidden="true" />
      Export Data
    </Button>
  );
}
