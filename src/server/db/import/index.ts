// Public API of the importers, shared by `npm run import` and the admin upload screen.
export { detectKind } from './layouts';
export { formatSummary, isImportKind, MAX_STORED_REJECTIONS, prepareImport, runImport, type RunImportOptions } from './run';
export { ImportError, IMPORT_KINDS, type ImportErrorCode, type ImportKind, type ImportLayout, type ImportSummary, type Rejection } from './types';
