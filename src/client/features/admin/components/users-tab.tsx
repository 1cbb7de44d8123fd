// Users: search, role (user/admin), plan (basic/pro) and trial end. The server refuses to remove the last admin.
import { useId, useState } from 'react';
import type { AdminUser, UserPatchRequest } from '../../../../contracts/admin';
import { Pagination } from '../../../components/pagination';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { DataTable } from '../../../components/data-table';
import { TableCell, TableRow } from '../../../components/ui/table';
import { useToast } from '../../../components/ui/use-toast';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useAuth } from '../../../lib/auth';
import { errorMessage, usePatchUser, useUserList } from '../api/admin-api';
import { QueryFallback } from './query-fallback';
import { formatDateTime } from './response-clock';

function UserRow({ user, isSelf, lastAdmin }: { user: AdminUser; isSelf: boolean; lastAdmin: boolean }) {
  const patch = usePatchUser();
  const { toast } = useToast();
  const [trial, setTrial] = useState(user.trialEndsAt?.slice(0, 10) ?? '');
  const label = user.email;
  const save = (p: UserPatchRequest, what: string) =>
    patch.mutate(
      { id: user.id, patch: p },
      {
        onSuccess: () => toast({ title: `${label}: ${what}` }),
        onError: (err) => toast({ title: 'Not changed', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  return (
    <TableRow>
      <TableCell>
        <div className="font-medium text-gray-900">
          {user.email}
          {isSelf && <span className="ml-2 text-xs text-gray-700">(you)</span>}
        </div>
        {(user.firstName || user.lastName) && <div className="text-sm text-gray-700">{[user.firstName, user.lastName].filter(Boolean).join(' ')}</div>}
        <div className="text-xs text-gray-700">Joined {formatDateTime(user.createdAt)}</div>
      </TableCell>
      <TableCell>
        <Select value={user.role} disabled={patch.isPending} onValueChange={(v) => v !== user.role && save({ role: v as AdminUser['role'] }, `role ${v}`)}>
          <SelectTrigger className="w-32" aria-label={`Role of ${label}`} title={lastAdmin ? 'The last admin cannot be removed' : undefined}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="user" disabled={lastAdmin}>
              User
            </SelectItem>
            <SelectItem value="admin">Admin</SelectItem>
          </SelectContent>
        </Select>
      </TableCell>
      <TableCell>
        <Select value={user.plan} disabled={patch.isPending} onValueChange={(v) => v !== user.plan && save({ plan: v as AdminUser['plan'] }, `plan ${v}`)}>
          <SelectTrigger className="w-32" aria-label={`Plan of ${label}`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="basic">Basic</SelectItem>
            <SelectItem value="pro">Pro</SelectItem>
          </SelectContent>
        </Select>
      </TableCell>
      <TableCell>
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save({ trialEndsAt: trial || null }, trial ? `trial ends ${trial}` : 'trial ended');
          }}
        >
          <Input type="date" className="w-40" value={trial} onChange={(e) => setTrial(e.target.value)} aria-label={`Trial end of ${label}`} />
          <Button type="submit" variant="outline" size="sm" disabled={patch.isPending || trial === (user.trialEndsAt?.slice(0, 10) ?? '')}>
            Save
          </Button>
        </form>
      </TableCell>
      <TableCell>{user.isPro ? <Badge variant="pro">Pro access</Badge> : <Badge variant="secondary">Basic</Badge>}</TableCell>
    </TableRow>
  );
}

export function UsersTab() {
  const { user: me } = useAuth();
  const [search, setSearchRaw] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeRaw] = useState(25);
  const setSearch = (v: string) => {
    setSearchRaw(v);
    setPage(1);
  };
  const setPageSize = (v: number) => {
    setPageSizeRaw(v);
    setPage(1);
  };
  const q = useDebouncedValue(search, 300);
  const searchId = useId();
  const list = useUserList({ q, page, pageSize });
  const data = list.data;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex max-w-md flex-col gap-1.5">
        <Label htmlFor={searchId}>Search users</Label>
        <Input id={searchId} type="search" placeholder="E-mail or name" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <QueryFallback query={list} title="Unable to load the users." skeletonClassName="h-72 w-full" />
      {data && (
        <>
          <p className="text-sm text-gray-700">
            {data.adminCount === 1 ? '1 admin' : `${data.adminCount} admins`}. The last admin cannot be made a user.
          </p>
          <div className="rounded-xl border bg-card">
            <DataTable label="Users" columns={['User', 'Role', 'Plan', 'Trial ends', 'Access']}>
              {data.users.map((u) => (
                <UserRow key={`${u.id}-${u.trialEndsAt ?? ''}`} user={u} isSelf={u.id === me?.id} lastAdmin={u.role === 'admin' && data.adminCount <= 1} />
              ))}
              {data.users.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} className="py-8 text-center text-gray-700">
                    No users match.
                  </TableCell>
                </TableRow>
              )}
            </DataTable>
          </div>
          {data.total > 0 && (
            <Pagination page={page} pageSize={pageSize} total={data.total} noun="users" onPageChange={setPage} onPageSizeChange={setPageSize} disabled={list.isFetching} />
          )}
        </>
      )}
    </div>
  );
}
