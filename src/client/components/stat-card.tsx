// A figure card of the insight screens: label, the value (a skeleton until it is known) and a hint.
import { Card, CardContent } from './ui/card';
import { Skeleton } from './ui/skeleton';

export function StatCard({ label, value, hint }: { label: string; value: string | null; hint: string }) {
  return (
    <Card>
      <CardContent className="p-6">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {value === null ? <Skeleton className="mt-2 h-9 w-24" /> : <p className="mt-1 text-3xl font-bold text-gray-900">{value}</p>}
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}
