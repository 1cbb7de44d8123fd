// A community's name as the link to its page, where tables and lists name a community (competitive set,
// portfolio, compare, my reviews): one place for the page's address; each caller keeps its own look.
import { Link } from 'wouter';

export function CommunityLink({ community, className }: { community: { id: number; name: string }; className?: string }) {
  return (
    <Link href={`/community/${community.id}`} className={className}>
      {community.name}
    </Link>
  );
}
