// "Save to list" (Pro): puts a community or an operator into one of the user's named prospect lists, or
// into a new one. Renders nothing for other users.
import { BookmarkPlusIcon } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Link } from 'wouter';
import type { ListItemType } from '../../contracts/lists';
import { useAuth } from '../lib/auth';
import { requestErrorText, useLists, useSaveToList } from '../lib/lists';
import { LabelledSelect } from './labelled-select';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from './ui/dialog';
import { Input } from './ui/input';
import { Label } from './ui/label';

const NEW = 'new';

interface SaveToListProps {
  type: ListItemType;
  id: number;
  name: string;
  className?: string;
}

export function SaveToListButton(props: SaveToListProps) {
  const { isPro } = useAuth();
  // A table shows this button on every row: the dialog (its queries, its mutation, Radix's parts) is
  // mounted on the first press only, open, and stays for the row's life (issue 14: a table's first render).
  const [used, setUsed] = useState(false);
  if (!isPro) return null;
  if (used) return <SaveToListDialog {...props} />;
  return <SaveButton name={props.name} className={props.className} onClick={() => setUsed(true)} />;
}

function SaveButton({ name, className, ...rest }: { name: string; className?: string } & ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" size="sm" className={className} aria-label={`Save ${name} to a list`} {...rest}>
      <BookmarkPlusIcon aria-hidden="true" />
      Save to list
    </Button>
  );
}

function SaveToListDialog({ type, id, name, className }: SaveToListProps) {
  const [open, setOpen] = useState(true);
  const lists = useLists(open);
  const save = useSaveToList();
  const [choice, setChoice] = useState<string>(NEW);
  const [newName, setNewName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const options = [...(lists.data ?? []).map((l) => ({ value: String(l.id), label: l.name })), { value: NEW, label: 'New list…' }];
  const submit = () => {
    const listId = choice === NEW ? undefined : Number(choice);
    save.mutate(
      { type, id, listId, newName: newName.trim() },
      {
        onSuccess: (r) => {
          setSaved(r.name || (lists.data ?? []).find((l) => l.id === r.listId)?.name || 'the list');
          setNewName('');
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setSaved(null);
          save.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <SaveButton name={name} className={className} />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save to a list</DialogTitle>
          <DialogDescription>{name}</DialogDescription>
        </DialogHeader>
        {saved ? (
          <p role="status">
            Saved to {saved}.{' '}
            <Link href="/lists" className="text-primary underline">
              Open your lists
            </Link>
          </p>
        ) : (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <LabelledSelect label="List" value={choice} options={options} onChange={setChoice} />
            {choice === NEW && (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="new-list-name">New list name</Label>
                <Input id="new-list-name" value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={100} required />
              </div>
            )}
            {save.isError && (
              <p role="alert" className="text-sm text-red-700">
                {requestErrorText(save.error)}
              </p>
            )}
            <DialogFooter>
              <Button type="submit" disabled={save.isPending}>
                Save
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
