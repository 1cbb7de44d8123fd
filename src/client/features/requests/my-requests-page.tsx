// /my/requests: the signed-in family's information requests with their status (issue 16).
import { MyPage } from '../../components/my-page';
import { useMyRequests } from './api';
import { RequestStatusCard } from './request-status-card';

export function MyRequestsPage() {
  return (
    <MyPage
      title="My requests"
      intro="The information requests you sent while signed in, as the advisor desk works on them."
      noun="requests"
      skeletonClassName="h-64 w-full"
      useItems={useMyRequests}
      isEmpty={(d) => d.requests.length === 0}
      empty="No requests yet. Requests you send while signed in appear here; others through the link in their e-mail receipt."
    >
      {(d) => (
        <div className="flex flex-col gap-6">
          {d.requests.map((r) => (
            <RequestStatusCard key={r.id} request={r} withdraw={{ id: r.id }} />
          ))}
        </div>
      )}
    </MyPage>
  );
}
