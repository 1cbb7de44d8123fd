// What reviews praise and complain about (issue 15, ADR 021): one row per mentioned theme with its share
// of the reviews, mean sentiment, positive/negative counts, trend by quarter and two example sentences.
// Shared by the Sentiment Analysis screen and the operator portfolio page.
import { SENTIMENT_NEUTRAL_FROM, SENTIMENT_POSITIVE_ABOVE } from '../../contracts/constants';
import type { ThemeFigure, ThemeReport } from '../../contracts/themes';
import { THEME_LABELS } from '../../contracts/themes';
import { formatNumber, formatPercent } from '../lib/format';
import { cn } from '../lib/utils';
import { DemoBadge } from './source-label';

function tone(score: number): { text: string; bar: string; word: string } {
  if (score > SENTIMENT_POSITIVE_ABOVE) return { text: 'text-green-700', bar: 'bg-green-600', word: 'Positive' };
  if (score >= SENTIMENT_NEUTRAL_FROM) return { text: 'text-yellow-700', bar: 'bg-amber-500', word: 'Neutral' };
  return { text: 'text-red-700', bar: 'bg-red-600', word: 'Negative' };
}

/** Mean sentiment per quarter as a small line (0 at the bottom, 1 at the top), with the quarters in its title. */
function QuarterSpark({ quarters }: { quarters: ThemeFigure['quarters'] }) {
  const shown = quarters.slice(-8);
  const w = 96;
  const h = 28;
  if (shown.length === 0) return null;
  const x = (i: number) => (shown.length === 1 ? w / 2 : (i * w) / (shown.length - 1));
  const y = (v: number) => h - 2 - v * (h - 4);
  const points = shown.map((q, i) => `${x(i).toFixed(1)},${y(q.averageSentiment).toFixed(1)}`).join(' ');
  const title = shown.map((q) => `${q.quarter}: ${q.averageSentiment.toFixed(2)} (${q.mentions})`).join(', ');
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={`Sentiment by quarter: ${title}`} className="shrink-0">
      <title>{title}</title>
      <line x1={0} x2={w} y1={y(0.5)} y2={y(0.5)} stroke="#e5e7eb" />
      <polyline points={points} fill="none" stroke="#15803d" strokeWidth={2} />
      {shown.length === 1 && <circle cx={x(0)} cy={y(shown[0]!.averageSentiment)} r={2.5} fill="#15803d" />}
    </svg>
  );
}

function ThemeRow({ t }: { t: ThemeFigure }) {
  const mood = tone(t.averageSentiment);
  return (
    <li className="space-y-2 rounded-md border p-4" data-testid={`theme-${t.theme}`}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h3 className="w-40 font-semibold">{t.label}</h3>
        <div className="flex min-w-40 flex-1 items-center gap-2">
          <div className="h-2 flex-1 rounded bg-gray-100" aria-hidden="true">
            <div className={cn('h-2 rounded', mood.bar)} style={{ width: `${Math.max(2, t.share * 100)}%` }} />
          </div>
          <span className="w-28 text-right text-sm tabular-nums">
            {formatPercent(t.share, 0)} of reviews
          </span>
        </div>
        <span className={cn('w-36 text-sm font-medium tabular-nums', mood.text)}>
          {mood.word} {t.averageSentiment.toFixed(2)}
        </span>
        <span className="w-32 text-sm text-muted-foreground tabular-nums">
          <span className="text-green-700">+{formatNumber(t.positive)}</span> / <span className="text-red-700">−{formatNumber(t.negative)}</span>
        </span>
        <QuarterSpark quarters={t.quarters} />
      </div>
      {t.examples.length > 0 && (
        <div className="grid gap-2 md:grid-cols-2">
          {t.examples.map((e) => (
            <blockquote key={e.reviewId} className={cn('border-l-4 pl-3 text-sm text-gray-800', e.sentiment > SENTIMENT_POSITIVE_ABOVE ? 'border-green-600' : e.sentiment < SENTIMENT_NEUTRAL_FROM ? 'border-red-600' : 'border-amber-500')} data-testid="theme-snippet">
              “{e.snippet}”
              <footer className="mt-0.5 text-xs text-muted-foreground">
                {e.rating}★ review, {e.date}
              </footer>
            </blockquote>
          ))}
        </div>
      )}
    </li>
  );
}

export function ReviewThemes({ report }: { report: ThemeReport }) {
  const mentioned = report.themes.filter((t) => t.mentions > 0);
  const names = (keys: string[]) => keys.map((k) => THEME_LABELS[k] ?? k).join(', ') || 'none';
  return (
    <div className="space-y-4" data-testid="review-themes">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>{report.computedFrom}</span>
        {report.demo && <DemoBadge />}
      </div>
      {report.reviews === 0 ? (
        <p className="rounded-md border p-6 text-center text-muted-foreground">No reviews to read themes from.</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <p className="rounded-md bg-green-50 p-3 text-sm text-green-900">
              <span className="font-semibold">Praised:</span> {names(report.praise)}
            </p>
            <p className="rounded-md bg-red-50 p-3 text-sm text-red-900">
              <span className="font-semibold">Complaints:</span> {names(report.complaints)}
            </p>
          </div>
          <ul className="space-y-3">
            {mentioned.map((t) => (
              <ThemeRow key={t.theme} t={t} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
