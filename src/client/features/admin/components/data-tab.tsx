// Data: rows per table and per source, the last imports with their summaries, and the CSV upload that
// runs the same importers as `npm run import`.
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type ComponentProps } from 'react';
import { IMPORT_MAX_BYTES, IMPORT_UPLOAD_KIND_LABELS, IMPORT_UPLOAD_KINDS, type ImportSummaryResponse, type ImportUploadKind } from '../../../../contracts/admin';
import { DataTable, numericColumn } from '../../../components/data-table';
import { LabelledSelect } from '../../../components/labelled-select';
import { SectionCard } from '../../../components/section-card';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { TableCell, TableRow } from '../../../components/ui/table';
import { formatNumber } from '../../../lib/format';
import { errorMessage, useDataOverview, useUploadImport } from '../api/admin-api';
import { QueryFallback } from './query-fallback';
import { formatDateTime } from './response-clock';

const KIND_OPTIONS = IMPORT_UPLOAD_KINDS.map((k) => ({ value: k, label: IMPORT_UPLOAD_KIND_LABELS[k] }));

const SOURCE_LABELS: Record<string, string> = { generated: 'Generated', cms: 'CMS', fl: 'Florida AHCA', tx: 'Texas HHSC' };
const MAX_MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

/** A labelled input of the upload form. */
function UploadField({ label, ...input }: { label: string } & ComponentProps<typeof Input>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} />
    </div>
  );
}

function UploadForm() {
  const kindId = useId();
  const [state, setState] = useState('');
  const [agency, setAgency] = useState('');
  const [kind, setKind] = useState<ImportUploadKind>('auto');
  const [asOf, setAsOf] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummaryResponse | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadImport();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSummary(null);
    setLocalError(null);
    upload.reset();
    if (!file) return setLocalError('Choose a CSV file first.');
    if (file.size > IMPORT_MAX_BYTES) return setLocalError(`The file is larger than ${MAX_MB} MB.`);
    upload.mutate(
      { kind, file, asOf, licensed: { state: state.trim(), source: agency.trim() } },
      {
        onSuccess: (s) => {
          setSummary(s);
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };
  const error = localError ?? (upload.isError ? errorMessage(upload.error) : null);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Import a CSV file</CardTitle>
        <CardDescription>
          CMS Provider Information, Florida AHCA or Texas HHSC assisted-living lists, or any state's licence list, up to {MAX_MB} MB. Rows are
          matched on their source id, so an import can be repeated. A licence list is taken as the agency's complete list: its facilities
          missing from a newer list are marked no longer listed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end" onSubmit={submit}>
          <LabelledSelect id={kindId} label="Kind of file" value={kind} options={KIND_OPTIONS} onChange={setKind} triggerClassName="sm:w-80" />
          <UploadField
            label="Data as of (optional)"
            type="date"
            value={asOf}
            onChange={(e) => setAsOf(e.target.value)}
            className="sm:w-44"
            title="The date the file's data describes, for files without one inside (state lists); CMS files carry their own."
          />
          {kind === 'licensed' && (
            <>
              <UploadField
                label="State (optional)"
                value={state}
                maxLength={2}
                placeholder="RI"
                onChange={(e) => setState(e.target.value.toUpperCase())}
                className="sm:w-20"
                title="For a list without a State column."
              />
              <UploadField
                label="Agency (optional)"
                value={agency}
                maxLength={200}
                placeholder="Rhode Island Department of Health"
                onChange={(e) => setAgency(e.target.value)}
                className="sm:w-80"
                title="The licensing agency in words; default '<State> licensing agency'."
              />
            </>
          )}
          <UploadField label="CSV file" ref={fileInput} type="file" accept=".csv,.gz,text/csv" className="sm:w-80" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <Button type="submit" disabled={upload.isPending}>
            <Upload aria-hidden="true" />
            {upload.isPending ? 'Importing...' : 'Import'}
          </Button>
        </form>
        <div aria-live="polite" className="mt-4">
          {error && (
            <Alert variant="destructive">
              <AlertTitle>The file was not imported</AlertTitle>
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          {summary && (
            <Alert variant="info">
              <AlertTitle>
                Imported {summary.fileName} as {summary.kind.toUpperCase()} ({summary.layout})
              </AlertTitle>
              <AlertDescription>
                <p>
                  {formatNumber(summary.rowsRead)} rows read: {formatNumber(summary.inserted)} inserted, {formatNumber(summary.updated)} updated,{' '}
                  {formatNumber(summary.unchanged)} unchanged, {formatNumber(summary.rejected)} rejected. Operators: {formatNumber(summary.operators.inserted)} inserted,{' '}
                  {formatNumber(summary.operators.updated)} updated.
                  {summary.delisted !== undefined && <> {formatNumber(summary.delisted)} no longer listed (absent from this newer list; kept).</>}
                </p>
                {summary.mapped && summary.mapped.length > 0 && <p>Columns: {summary.mapped.join(', ')}.</p>}
                {summary.rejections.length > 0 && (
                  <ul className="list-disc pl-5">
                    {summary.rejections.slice(0, 10).map((r) => (
                      <li key={r.line}>
                        Line {r.line}: {r.reason}
                      </li>
                    ))}
                  </ul>
                )}
              </AlertDescription>
            </Alert>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

const IMPORT_COLUMNS = ['When', 'File', 'Kind', 'Result', ...['Read', 'Inserted', 'Updated', 'Rejected'].map(numericColumn)];

export function DataTab() {
  const data = useDataOverview();
  const d = data.data;
  return (
    <div className="flex flex-col gap-6">
      <UploadForm />
      <QueryFallback query={data} title="Unable to load the data overview." skeletonClassName="h-72 w-full" />
      {d && (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <SectionCard title="Rows per table">
              <DataTable label="Rows per table" columns={['Table', numericColumn('Rows')]}>
                {d.tables.map((t) => (
                  <TableRow key={t.table}>
                    <TableCell className="font-mono text-sm">{t.table}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(t.rows)}</TableCell>
                  </TableRow>
                ))}
              </DataTable>
            </SectionCard>
            <SectionCard title="Rows per source">
              <DataTable label="Rows per source" columns={['Table', 'Source', numericColumn('Rows')]}>
                {d.sources.map((s) => (
                  <TableRow key={`${s.table}-${s.source}`}>
                    <TableCell className="font-mono text-sm">{s.table}</TableCell>
                    <TableCell>{SOURCE_LABELS[s.source] ?? s.source}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(s.rows)}</TableCell>
                  </TableRow>
                ))}
              </DataTable>
            </SectionCard>
          </div>
          <SectionCard title="Last imports">
            {d.imports.length === 0 ? (
              <p className="text-gray-700">No imports yet.</p>
            ) : (
              <DataTable label="Last imports" columns={IMPORT_COLUMNS}>
                {d.imports.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(i.startedAt)}</TableCell>
                    <TableCell className="max-w-64 break-words">{i.fileName}</TableCell>
                    <TableCell>{i.kind}</TableCell>
                    <TableCell>
                      {i.status === 'ok' ? <Badge variant="success">OK</Badge> : <Badge variant="destructive">Failed</Badge>}
                      {i.error && <p className="mt-1 max-w-80 text-xs text-red-800">{i.error}</p>}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(i.rowsRead)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(i.inserted)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(i.updated)}</TableCell>
                    <TableCell className="text-right tabular-nums" title={i.rejections.map((r) => `Line ${r.line}: ${r.reason}`).join('\n')}>
                      {formatNumber(i.rejected)}
                    </TableCell>
                  </TableRow>
                ))}
              </DataTable>
            )}
          </SectionCard>
        </>
      )}
    </div>
  );
}
