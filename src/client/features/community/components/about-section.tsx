// 'About {name}' (when there is a description) and the community's other facts.
import type { CommunityDetail } from '../../../../contracts/community';
import { SectionCard } from '../../../components/section-card';
import { formatNumber } from '../../../lib/format';

export function AboutSection({ community }: { community: CommunityDetail }) {
  if (!community.description) return null;
  return (
    <SectionCard titleClassName="text-xl" headingId="about-heading" title={<>About {community.name}</>}>
      <p className="leading-relaxed whitespace-pre-line text-gray-700">{community.description}</p>
    </SectionCard>
  );
}

interface Fact {
  label: string;
  value: string;
}

export function communityFacts(c: CommunityDetail): Fact[] {
  const facts: Fact[] = [];
  const list = (label: string, values: string[]) => {
    if (values.length > 0) facts.push({ label, value: values.join(', ') });
  };
  if (c.communityType) facts.push({ label: 'Community Type', value: c.communityType });
  if (c.operatorName) facts.push({ label: 'Operator', value: c.operatorName });
  if (c.ownerType) facts.push({ label: 'Ownership', value: c.ownerType });
  if (c.capacity !== null && c.capacity > 0) facts.push({ label: 'Capacity', value: `${formatNumber(c.capacity)} residents` });
  if (c.score !== null && c.score > 0) facts.push({ label: 'Community Score', value: `${c.score} out of 5` });
  list('Room Types', c.roomTypes);
  list('Dining', c.diningServices);
  list('Healthcare Services', c.healthcareServices);
  list('Room Amenities', c.roomAmenities);
  list('Community Amenities', c.communityAmenities);
  return facts;
}

export function FactsSection({ community }: { community: CommunityDetail }) {
  const facts = communityFacts(community);
  if (facts.length === 0) return null;
  return (
    <SectionCard titleClassName="text-xl" headingId="facts-heading" title="Community Details">
      <dl className="grid grid-cols-1 gap-x-8 gap-y-4 sm:grid-cols-2">
        {facts.map((f) => (
          <div key={f.label}>
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className="mt-0.5 font-medium text-gray-900">{f.value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
