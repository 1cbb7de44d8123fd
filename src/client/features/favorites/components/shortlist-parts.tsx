// Pieces of the shortlist (issue 16): the note editor under each community, the comments of family
// members who hold a comment link, the share links and the collaborators panels of the owner.
import { CopyIcon, LinkIcon, MessageSquareIcon, UserPlusIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { COMMENT_MAX, NOTE_MAX, type ShareAccess, type ShortlistComment, type ShortlistItem } from '../../../../contracts/shortlist';
import { Button } from '../../../components/ui/button';
import { RemoveButton } from '../../../components/remove-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/compare';
import { formatDate } from '../../../lib/format';
import { useChangeCollaborators, useCollaborators, useCreateShare, useRevokeShare, useSaveNote, useShares } from '../api/shortlist';

/** A card of the shortlist's sharing panels: an icon and a title, what the panel does, then its form. */
function PanelCard({ icon: Icon, title, description, children }: { icon: LucideIcon; title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

export function NoteEditor({ ownerId, item }: { ownerId: number; item: ShortlistItem }) {
  const [text, setText] = useState(item.note ?? '');
  const save = useSaveNote(ownerId);
  const id = `note-${item.communityId}`;
  const dirty = text.trim() !== (item.note ?? '');
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ communityId: item.communityId, note: text });
      }}
    >
      <Label htmlFor={id}>
        Notes<span className="sr-only"> for {item.community.name}</span>
      </Label>
      <Textarea
        id={id}
        value={text}
        maxLength={NOTE_MAX}
        rows={3}
        placeholder="Visited Tuesday, lovely garden, waitlist…"
        onChange={(e) => setText(e.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {save.isError
            ? errorMessage(save.error, 'The note could not be saved.')
            : item.noteUpdatedAt
              ? `Last edited${item.noteUpdatedBy ? ` by ${item.noteUpdatedBy}` : ''} on ${formatDate(item.noteUpdatedAt)}`
              : 'No note yet'}
        </p>
        <Button type="submit" size="sm" variant="outline" disabled={!dirty || save.isPending} aria-label={`Save note for ${item.community.name}`}>
          {save.isPending ? 'Saving…' : 'Save note'}
        </Button>
      </div>
    </form>
  );
}

export function ReadOnlyNote({ item }: { item: Pick<ShortlistItem, 'note' | 'noteUpdatedAt'> }) {
  if (!item.note) return <p className="text-sm text-muted-foreground">No note.</p>;
  return (
    <div className="rounded-md bg-primary-soft/50 p-3 text-sm" data-testid="shortlist-note">
      <p className="whitespace-pre-wrap text-gray-900">{item.note}</p>
      {item.noteUpdatedAt && <p className="mt-1 text-xs text-muted-foreground">Edited {formatDate(item.noteUpdatedAt)}</p>}
    </div>
  );
}

export function CommentList({ comments, items }: { comments: ShortlistComment[]; items: Pick<ShortlistItem, 'communityId' | 'community'>[] }) {
  const names = new Map(items.map((i) => [i.communityId, i.community.name]));
  if (comments.length === 0) return <p className="text-sm text-muted-foreground">No comments yet.</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="comment-list">
      {comments.map((c) => (
        <li key={c.id} className="rounded-md border bg-card p-3">
          <p className="text-sm font-semibold text-gray-900">
            {c.authorName}
            <span className="font-normal text-muted-foreground">
              {' '}
              · {formatDate(c.createdAt)}
              {c.communityId !== null && names.has(c.communityId) ? ` · about ${names.get(c.communityId)}` : ''}
            </span>
          </p>
          <p className="mt-1 text-sm whitespace-pre-wrap text-gray-800">{c.body}</p>
        </li>
      ))}
    </ul>
  );
}

export function CommentForm({ onSubmit, pending, error }: { onSubmit: (name: string, body: string) => Promise<unknown>; pending: boolean; error: unknown }) {
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await onSubmit(name, body);
      setBody('');
    } catch {
      // shown below
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-label="Add a comment">
      <div className="grid gap-1.5">
        <Label htmlFor="comment-name">Your name</Label>
        <Input id="comment-name" value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} className="max-w-sm" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="comment-body">Comment</Label>
        <Textarea id="comment-body" value={body} maxLength={COMMENT_MAX} required rows={3} onChange={(e) => setBody(e.target.value)} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, 'The comment could not be sent.')}
        </p>
      ) : null}
      <Button type="submit" className="w-fit" disabled={pending}>
        <MessageSquareIcon aria-hidden="true" />
        {pending ? 'Sending…' : 'Add comment'}
      </Button>
    </form>
  );
}

const ACCESS_TEXT: Record<ShareAccess, string> = { read: 'Read only', comment: 'Can comment' };

export function SharePanel() {
  const shares = useShares(true);
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const [access, setAccess] = useState<ShareAccess>('read');
  const [expiresOn, setExpiresOn] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setCopied(false);
    try {
      const res = await create.mutateAsync({ access, expiresOn: expiresOn || null });
      setCreated(`${window.location.origin}${res.path}`);
    } catch {
      // shown below
    }
  };

  return (
    <PanelCard icon={LinkIcon} title="Share this shortlist" description="Anyone with the link can open it without an account. You can turn a link off at any time.">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-label="Create a share link">
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium">What can they do?</legend>
          {(['read', 'comment'] as const).map((a) => (
            <label key={a} className="flex items-center gap-2 text-sm">
              <input type="radio" name="share-access" value={a} checked={access === a} onChange={() => setAccess(a)} className="size-4 accent-primary" />
              {a === 'read' ? 'Read only' : 'Read and comment'}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor="share-expiry">Stops working after (optional)</Label>
          <Input id="share-expiry" type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} className="w-48" />
        </div>
        {create.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(create.error, 'The link could not be created.')}
          </p>
        )}
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          Create link
        </Button>
      </form>
      {created && (
        <div className="flex flex-col gap-2 rounded-md border border-primary/40 bg-primary-soft/40 p-3">
          <Label htmlFor="share-url">New link (shown once; copy it now)</Label>
          <div className="flex gap-2">
            <Input id="share-url" readOnly value={created} onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                void navigator.clipboard?.writeText(created).then(() => setCopied(true));
              }}
            >
              <CopyIcon aria-hidden="true" />
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
      )}
      {shares.data && shares.data.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border" aria-label="Share links">
          {shares.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="share-row">
              <span>
                <span className="font-medium">{ACCESS_TEXT[s.access]}</span>
                <span className="text-muted-foreground">
                  {' '}
                  · created {formatDate(s.createdAt)}
                  {s.expiresAt ? ` · until ${formatDate(new Date(Date.parse(s.expiresAt) - 1))}` : ' · no expiry'}
                </span>
              </span>
              {s.status === 'active' ? (
                <Button type="button" size="sm" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(s.id)}>
                  Turn off
                </Button>
              ) : (
                <span className="text-muted-foreground">{s.status === 'revoked' ? 'Turned off' : 'Expired'}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

export function CollaboratorsPanel() {
  const list = useCollaborators(true);
  const { add, remove } = useChangeCollaborators();
  const [email, setEmail] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await add.mutateAsync(email);
      setEmail('');
    } catch {
      // shown below
    }
  };
  return (
    <PanelCard icon={UsersIcon} title="Family members who edit notes" description="They sign in with their own account, see this shortlist and edit its notes.">
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2" aria-label="Add a family member">
        <div className="grid gap-1.5">
          <Label htmlFor="collaborator-email">Their account’s e-mail</Label>
          <Input id="collaborator-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} className="w-64" />
        </div>
        <Button type="submit" variant="outline" disabled={add.isPending}>
          <UserPlusIcon aria-hidden="true" />
          Add
        </Button>
      </form>
      {add.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(add.error, 'They could not be added.')}
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border" aria-label="Family members">
          {list.data.map((c) => (
            <li key={c.userId} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>{c.name ? `${c.name} (${c.email})` : c.email}</span>
              <RemoveButton what={c.email} type="button" onClick={() => remove.mutate(c.userId)} disabled={remove.isPending} />
            </li>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}
