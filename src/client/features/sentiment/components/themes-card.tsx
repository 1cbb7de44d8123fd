// The Sentiment Analysis screen's themes view (Pro): the themes of all reviews or of one state's market.
import { useState } from 'react';
import { US_STATES } from '../../../../contracts/constants';
import type { ReviewKind } from '../../../../contracts/sentiment';
import { LabelledSelect } from '../../../components/labelled-select';
import { ReviewThemes } from '../../../components/review-themes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { type ThemeScopeRequest, useThemeReport } from '../../../lib/themes';
import { UpgradeButton } from '../../../components/upgrade-button';

const SCOPES = [{ value: 'all', label: 'All reviews' }, ...Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: name }))];

export function ThemesCard({ kind }: { kind: ReviewKind }) {
  const { isPro, isLoading } = useAuth();
  const [where, setWhere] = useState('all');
  const scope: ThemeScopeRequest = where === 'all' ? { type: 'all' } : { type: 'market', state: where };
  const report = useThemeReport(kind, scope, isPro);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle as="h2">Review Themes</CardTitle>
          <CardDescription>What {kind} reviews praise and complain about, theme by theme, with example sentences.</CardDescription>
        </div>
        {isPro && <LabelledSelect label="Reviews of" inline value={where} options={SCOPES} onChange={setWhere} triggerClassName="w-52" />}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : !isPro ? (
          <div className="space-y-3 rounded-md border p-6 text-center">
            <p className="text-muted-foreground">Review themes are a Professional feature.</p>
            <UpgradeButton />
          </div>
        ) : report.isError ? (
          <p className="rounded-md border p-6 text-center text-muted-foreground">Themes could not be loaded: {report.error.message}</p>
        ) : !report.data ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <ReviewThemes report={report.data} />
        )}
      </CardContent>
    </Card>
  );
}
