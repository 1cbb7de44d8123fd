// Sidebar: contact information, 'Schedule a Visit' and 'Virtual Tour' dialogs.
import { CalendarDaysIcon, ExternalLinkIcon, MailIcon, PhoneIcon, VideoIcon } from 'lucide-react';
import type { CommunityDetail } from '../../../../contracts/community';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';

/** Only http(s) addresses become links (never javascript: or data: URLs from imported data). */
export function safeWebsite(url: string | null): string | null {
  if (!url) return null;
  const withScheme = /^https?:\/\//i.test(url) ? url : /^[a-z0-9.-]+\.[a-z]{2,}(\/.*)?$/i.test(url) ? `https://${url}` : null;
  if (!withScheme) return null;
  try {
    const u = new URL(withScheme);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className="flex items-center gap-3 rounded-md text-gray-800 hover:text-primary">
      <PhoneIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <span className="underline-offset-4 hover:underline">{phone}</span>
    </a>
  );
}

function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="flex min-w-0 items-center gap-3 rounded-md text-gray-800 hover:text-primary">
      <MailIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <span className="truncate underline-offset-4 hover:underline">{email}</span>
    </a>
  );
}

export function ContactCard({ community }: { community: CommunityDetail }) {
  // A demo community is fictional: its website would point at somebody else's site (ADR 008).
  const website = community.source.kind === 'demo' ? null : safeWebsite(community.website);
  const hasAny = Boolean(community.phone || community.email || website);
  return (
    <Card aria-labelledby="contact-heading">
      <CardHeader>
        <CardTitle as="h2" id="contact-heading">
          Contact Information
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {community.phone && <PhoneLink phone={community.phone} />}
        {community.email && <EmailLink email={community.email} />}
        {website && (
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-3 rounded-md text-gray-800 hover:text-primary"
          >
            <ExternalLinkIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <span className="underline-offset-4 hover:underline">
              Visit Website<span className="sr-only"> (opens in a new tab)</span>
            </span>
          </a>
        )}
        {!hasAny && <p className="text-gray-700">Contact details are not available for this community.</p>}
        <div className="mt-2 flex flex-col gap-3">
          <ScheduleVisitDialog community={community} />
          <VirtualTourDialog />
        </div>
      </CardContent>
    </Card>
  );
}

function ScheduleVisitDialog({ community }: { community: CommunityDetail }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button className="w-full" size="lg">
          <CalendarDaysIcon aria-hidden="true" />
          Schedule a Visit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Schedule a Visit</DialogTitle>
          <DialogDescription>Contact the community directly to schedule your visit:</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          {community.phone && <PhoneLink phone={community.phone} />}
          {community.email && <EmailLink email={community.email} />}
          {!community.phone && !community.email && (
            <p className="text-gray-700">This community has not published a phone number or e-mail address yet.</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function VirtualTourDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full" size="lg">
          <VideoIcon aria-hidden="true" />
          Virtual Tour
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Virtual Tour</DialogTitle>
          <DialogDescription>
            Virtual tour functionality will be available soon. Please contact the community for a personalized virtual tour.
          </DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
