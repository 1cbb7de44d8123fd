// The review form (issue 16): rating 1-5, title, text, relationship, optional stay dates. Validated by
// the same schema as the server (src/contracts/family-reviews.ts); the server's 4xx message is shown as it is.
import { type FormEvent, useId, useState } from 'react';
import { REVIEW_LIMITS, REVIEW_RELATIONSHIPS, REVIEW_RELATIONSHIP_LABELS, reviewInputSchema, type FamilyReview, type ReviewRelationship } from '../../contracts/family-reviews';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Textarea } from './ui/textarea';
import { errorMessage } from '../lib/api';
import { useSaveReview } from '../lib/family-reviews';

interface FormState {
  rating: number;
  title: string;
  content: string;
  relationship: ReviewRelationship | '';
  stayFrom: string;
  stayTo: string;
}

const fromReview = (r: FamilyReview | null): FormState =>
  r
    ? { rating: r.rating, title: r.title, content: r.content, relationship: r.relationship, stayFrom: r.stayFrom ?? '', stayTo: r.stayTo ?? '' }
    : { rating: 0, title: '', content: '', relationship: '', stayFrom: '', stayTo: '' };

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export function ReviewForm({ communityId, existing, onDone }: { communityId: number; existing: FamilyReview | null; onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState<FormState>(() => fromReview(existing));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveReview(communityId);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reviewInputSchema.safeParse({ ...form, relationship: form.relationship || undefined, stayFrom: form.stayFrom || null, stayTo: form.stayTo || null });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setProblem(null);
    save.mutate(
      { id: existing?.id ?? null, values: parsed.data },
      { onSuccess: onDone, onError: (err) => setProblem(errorMessage(err)) },
    );
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={existing ? 'Edit your review' : 'Write a review'}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-800">Your rating</legend>
        <div className="flex gap-2" role="radiogroup" aria-label="Rating">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex cursor-pointer items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-muted">
              <input type="radio" name={`${id}-rating`} value={n} checked={form.rating === n} onChange={() => set('rating', n)} className="accent-primary" />
              {n} {n === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-relationship`}>You are a</Label>
        <select id={`${id}-relationship`} className={selectClass} value={form.relationship} onChange={(e) => set('relationship', e.target.value as ReviewRelationship)}>
          <option value="">Choose…</option>
          {REVIEW_RELATIONSHIPS.map((r) => (
            <option key={r} value={r}>
              {REVIEW_RELATIONSHIP_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} maxLength={REVIEW_LIMITS.title} value={form.title} onChange={(e) => set('title', e.target.value)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-content`}>Your review</Label>
        <Textarea
          id={`${id}-content`}
          rows={5}
          maxLength={REVIEW_LIMITS.content}
          value={form.content}
          placeholder="What was good, what was not? Please leave out names and health details of residents and staff."
          onChange={(e) => set('content', e.target.value)}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-from`}>Stay or visits from (optional)</Label>
          <Input id={`${id}-from`} type="date" value={form.stayFrom} onChange={(e) => set('stayFrom', e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-to`}>Until (optional)</Label>
          <Input id={`${id}-to`} type="date" value={form.stayTo} onChange={(e) => set('stayTo', e.target.value)} />
        </div>
      </div>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Sending…' : existing ? 'Send the edit for moderation' : 'Send for moderation'}
        </Button>
        {existing && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        A moderator reads every review before it is published; an edit is read again. Published reviews show your first name and last initial.
      </p>
    </form>
  );
}
