// What the public records say about a real facility: its licence (state licence list or CMS
// certification) and, for nursing homes, "Health inspections and ratings" from CMS, each fact explained
// in a sentence for families. Renders nothing for demo communities.
import { formatAsOf } from '../../../../contracts/provenance';
import type { CmsRecord, LicenceRecord } from '../../../../contracts/records';
import { SectionCard } from '../../../components/section-card';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format';
import { useCommunityRecords } from '../api/get-records';
import { StarRating } from './star-rating';

interface Row {
  label: string;
  value: React.ReactNode;
  help?: string;
}

function Facts({ rows }: { rows: Row[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-4 sm:grid-cols-2">
      {rows.map((r) => (
        <div key={r.label}>
          <dt className="text-sm text-muted-foreground">{r.label}</dt>
          <dd className="mt-0.5 font-medium text-gray-900">
            {r.value}
            {r.help && <span className="mt-1 block text-sm font-normal text-gray-600">{r.help}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 'YYYY-MM-DD' as a calendar day (not UTC midnight, which is the day before in American time zones);
 * 'YYYY-MM' and 'YYYY' (a source that knows only its month or year, ADR 025) as just that.
 */
const asOf = (date: string | null) => {
  if (date && /^\d{4}(-\d{2})?$/.test(date)) return formatAsOf(date);
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return m ? formatDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : 'date not given';
};

/** The licence of a state-licensed facility, or the Medicare/Medicaid certification of a nursing home. */
export function LicenceBlock({ licence, careTypes, certification = false }: { licence: LicenceRecord; careTypes: string[]; certification?: boolean }) {
  const rows: Row[] = [];
  if (licence.licenceType) rows.push({ label: certification ? 'Certification' : "Licence type (the state's words)", value: licence.licenceType });
  rows.push({ label: 'Care types', value: careTypes.join(', ') || 'Not stated' });
  if (licence.licenceNumber) rows.push({ label: certification ? 'CMS Certification Number' : 'Licence number', value: licence.licenceNumber });
  if (licence.capacity !== null) rows.push({ label: 'Licensed capacity', value: `${formatNumber(licence.capacity)} residents` });
  if (licence.licensee) rows.push({ label: 'Licensee', value: licence.licensee });
  if (licence.county) rows.push({ label: 'County', value: licence.county });
  return (
    <SectionCard titleClassName="text-xl" headingId="licence-heading" title={certification ? 'Certification' : 'Licence'} description={<>Source: {licence.sourceName}, as of {asOf(licence.asOf)}.</>} contentClassName="flex flex-col gap-4">
      {licence.listingStatus === 'delisted' && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          No longer on the {licence.sourceName} list as of {asOf(licence.delistedAsOf)}. It may have closed or changed its licence: call before
          you visit. Search and the other screens leave it out.
        </p>
      )}
      <Facts rows={rows} />
      {licence.locationApproximate && (
        <p className="text-sm text-gray-600">The map shows the centre of the ZIP code, not the building: the records give no exact location.</p>
      )}
    </SectionCard>
  );
}

function Stars({ value }: { value: number | null }) {
  if (value === null) return <span className="text-gray-600">Not rated</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <StarRating rating={value} />
      <span>{value} of 5</span>
    </span>
  );
}

export function CmsBlock({ cms }: { cms: CmsRecord }) {
  const rows: Row[] = [
    { label: 'Overall rating', value: <Stars value={cms.overallRating} />, help: "Medicare's summary of the three ratings below, from 1 (much below average) to 5 (much above average)." },
    { label: 'Health inspections', value: <Stars value={cms.healthRating} />, help: 'How the last three years of state health inspections compare with other homes in the state.' },
    { label: 'Staffing', value: <Stars value={cms.staffingRating} />, help: 'Nurse and aide hours per resident, and how often staff leave.' },
    { label: 'Quality of resident care', value: <Stars value={cms.qualityRating} />, help: 'Measures such as falls, pressure ulcers and hospital readmissions.' },
  ];
  if (cms.certifiedBeds !== null) rows.push({ label: 'Certified beds', value: formatNumber(cms.certifiedBeds), help: 'Beds certified for Medicare and Medicaid residents.' });
  if (cms.avgResidents !== null) rows.push({ label: 'Residents per day', value: formatNumber(cms.avgResidents), help: 'The average number of people living there on a given day.' });
  if (cms.healthDeficiencies !== null)
    rows.push({ label: 'Health deficiencies', value: formatNumber(cms.healthDeficiencies), help: 'Problems found at the most recent standard inspection; fewer is better.' });
  if (cms.finesCount !== null)
    rows.push({
      label: 'Fines',
      value: `${formatNumber(cms.finesCount)}${cms.finesTotal !== null ? ` (${formatCurrency(cms.finesTotal)} in total)` : ''}`,
      help: 'Penalties Medicare imposed in the last three years for serious problems.',
    });
  if (cms.paymentDenials !== null)
    rows.push({ label: 'Payment denials', value: formatNumber(cms.paymentDenials), help: 'Times Medicare stopped paying for new residents until problems were fixed.' });
  rows.push({
    label: 'Abuse',
    value: cms.abuseIcon === null ? 'Not reported' : cms.abuseIcon ? 'Cited for abuse' : 'No abuse citation',
    help: 'Medicare flags homes cited for abuse, neglect or exploitation of residents in recent inspections.',
  });
  rows.push({
    label: 'Special Focus Facility',
    value: cms.specialFocus === 'SFF' ? 'Yes' : cms.specialFocus === 'SFF Candidate' ? 'Candidate' : 'No',
    help: 'Homes with a persistent record of serious quality problems get more frequent inspections.',
  });
  if (cms.ownershipType) rows.push({ label: 'Ownership', value: cms.ownershipType });
  if (cms.chainName) rows.push({ label: 'Chain', value: cms.chainName });
  return (
    <SectionCard titleClassName="text-xl" headingId="cms-heading" title="Health inspections and ratings" description={<>Source: Centers for Medicare &amp; Medicaid Services (CCN {cms.ccn}), as of {asOf(cms.asOf)}.</>}>
      <Facts rows={rows} />
    </SectionCard>
  );
}

export function RecordsSection({ communityId, careTypes }: { communityId: number; careTypes: string[] }) {
  const { data } = useCommunityRecords(communityId);
  if (!data || (!data.licence && !data.cms)) return null;
  return (
    <>
      {data.licence && <LicenceBlock licence={data.licence} careTypes={careTypes} certification={data.cms !== null} />}
      {data.cms && <CmsBlock cms={data.cms} />}
    </>
  );
}
