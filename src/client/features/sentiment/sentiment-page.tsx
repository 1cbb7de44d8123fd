// Sentiment Analysis (SPEC section 2): two tabs (customer and employee reviews), each with whole-table
// figures, a sentiment pie, a per-star bar chart and a paged list of 1000 reviews; each tab keeps its page.
import { useState } from 'react';
import type { ReviewKind } from '../../../contracts/sentiment';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ReviewTab } from './components/review-tab';

export function SentimentPage() {
  const [tab, setTab] = useState<ReviewKind>('customer');
  const [pages, setPages] = useState<Record<ReviewKind, number>>({ customer: 1, employee: 1 });
  const setPage = (kind: ReviewKind) => (page: number) => setPages((p) => ({ ...p, [kind]: page }));

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Sentiment Analysis</h1>
        <p className="mt-1 text-muted-foreground">
          What residents, families and employees say, scored from the text of every review.
        </p>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as ReviewKind)}>
        <TabsList>
          <TabsTrigger value="customer">Customer Community Reviews</TabsTrigger>
          <TabsTrigger value="employee">Employee Operator Reviews</TabsTrigger>
        </TabsList>
        <TabsContent value="customer">
          <ReviewTab kind="customer" page={pages.customer} onPage={setPage('customer')} />
        </TabsContent>
        <TabsContent value="employee">
          <ReviewTab kind="employee" page={pages.employee} onPage={setPage('employee')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
