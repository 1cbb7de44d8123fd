// One tab of the Sentiment Analysis screen: figures and charts of the whole table, then one page of reviews.
import { AlertCircle, RotateCw } from 'lucide-react';
import { useDeferredValue } from 'react';
import type { CustomerReviewRow, EmployeeReviewRow, ReviewKind } from '../../../../contracts/sentiment';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useReviewPage } from '../api/get-review-page';
import { useSentimentSummary } from '../api/get-sentiment-summary';
import { CustomerReviewList, EmployeeReviewList, Pager } from './review-list';
import { SentimentCards } from './sentiment-cards';
import { SentimentCharts } from './sentiment-charts';
import { ThemesCard } from './themes-card';
import { TrendChart } from './trend-chart';

const TEXT: Record<ReviewKind, { noun: string; title: string; description: string }> = {
  customer: {
    noun: 'customer',
    title: 'Customer Community Reviews',
    description: 'Reviews of communities by residents and their families, newest first.',
  },
  employee: {
    noun: 'employee',
    title: 'Employee Operator Reviews',
    description: 'Reviews of operators by their current and former employees, newest first.',
  },
};

export function ReviewTab({ kind, page, onPage }: { kind: ReviewKind; page: number; onPage: (page: number) => void }) {
  const summary = useSentimentSummary(kind);
  // The charts follow the summary in a transition (time-sliced), not in one blocking render when it arrives.
  const chartSummary = useDeferredValue(summary.data);
  const reviews = useReviewPage(kind, page);
  const text = TEXT[kind];
  const loading = reviews.isPending || reviews.isFetching;

  return (
    <div className="space-y-6">
      <SentimentCards summary={summary.data} pageCount={reviews.data?.reviews.length} pageFailed={reviews.isError} />
      {summary.isError && (
        <Alert variant="warning">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Summary figures are unavailable</AlertTitle>
          <AlertDescription>The totals could not be loaded. Reload the page to try again.</AlertDescription>
        </Alert>
      )}
      <SentimentCharts summary={chartSummary} noun={text.noun} />
      <TrendChart kind={kind} />
      <ThemesCard kind={kind} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">{text.title}</CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {reviews.isError ? (
            <div className="space-y-3">
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertTitle>
                  Error loading {text.noun} reviews: {reviews.error.message}
                </AlertTitle>
              </Alert>
              <Button variant="outline" size="sm" onClick={() => void reviews.refetch()}>
                <RotateCw aria-hidden="true" />
                Try Again
              </Button>
            </div>
          ) : loading || !reviews.data ? (
            <div className="flex h-40 items-center justify-center rounded-md border text-muted-foreground" role="status">
              Loading {text.noun} reviews...
            </div>
          ) : reviews.data.reviews.length === 0 ? (
            <p className="rounded-md border p-6 text-center text-muted-foreground">No {text.noun} reviews yet.</p>
          ) : kind === 'customer' ? (
            <CustomerReviewList key={page} reviews={reviews.data.reviews as CustomerReviewRow[]} />
          ) : (
            <EmployeeReviewList key={page} reviews={reviews.data.reviews as EmployeeReviewRow[]} />
          )}
          <Pager kind={kind} page={page} total={summary.data?.totalReviews ?? reviews.data?.total} loading={loading} onPage={onPage} />
        </CardContent>
      </Card>
    </div>
  );
}
