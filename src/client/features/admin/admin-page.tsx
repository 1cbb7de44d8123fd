// /admin: the care-advisor desk. Requests (the 24-hour promise), Users and Data. The server enforces
// the admin role on every call; this page explains what to do when the visitor is not an admin.
import { Database, Inbox, MessageSquareText, ShieldAlert, Users } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../lib/auth';
import { DataTab } from './components/data-tab';
import { RequestsTab } from './components/requests-tab';
import { ReviewsTab } from './components/reviews-tab';
import { UsersTab } from './components/users-tab';
import { ButtonLink } from '../../components/button-link';

const SIGN_IN_HREF = '/api/login?returnTo=%2Fadmin';
export const NOT_ADMIN_MESSAGE = 'You need an advisor (admin) account to use this page.';

/** The desk's sections, in the order of their tabs. */
const SECTIONS = [
  { value: 'requests', label: 'Requests', Icon: Inbox, Tab: RequestsTab },
  { value: 'reviews', label: 'Reviews', Icon: MessageSquareText, Tab: ReviewsTab },
  { value: 'users', label: 'Users', Icon: Users, Tab: UsersTab },
  { value: 'data', label: 'Data', Icon: Database, Tab: DataTab },
] as const;

export function AdminPage() {
  const { isLoading, isAuthenticated, isAdmin } = useAuth();

  let body;
  if (isLoading) {
    body = <Skeleton className="h-96 w-full" />;
  } else if (!isAuthenticated) {
    body = (
      <Alert className="max-w-xl">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>Please sign in</AlertTitle>
        <AlertDescription>
          <p>The care-advisor desk is for advisors. Sign in with your advisor account to continue.</p>
          <ButtonLink href={SIGN_IN_HREF} className="mt-2" plain>Sign In</ButtonLink>
        </AlertDescription>
      </Alert>
    );
  } else if (!isAdmin) {
    body = (
      <Alert variant="destructive" className="max-w-xl">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>{NOT_ADMIN_MESSAGE}</AlertTitle>
        <AlertDescription>
          <p>If you are a care advisor, ask an admin to give your account the admin role.</p>
        </AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <Tabs defaultValue="requests">
        <TabsList aria-label="Advisor desk sections">
          {SECTIONS.map(({ value, label, Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {SECTIONS.map(({ value, Tab }) => (
          <TabsContent key={value} value={value}>
            <Tab />
          </TabsContent>
        ))}
      </Tabs>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">Advisor desk</h1>
      <p className="mt-2 mb-6 text-base text-gray-700">Every information request gets a call from a care advisor within 24 hours.</p>
      {body}
    </div>
  );
}
