// The one HTTP client of the app (SPEC section 7 and 8): credentials always included, JSON bodies,
// and every non-ok response becomes one ApiError whose message reads '<status>: <body text or statusText>'.
import { type QueryFunction } from '@tanstack/react-query';

/** 'body.phone: Phone must include at least 7 digits' (a VALIDATION_ERROR that names its field). */
const FIELD_MESSAGE = /^(?:body|query|params)\.([\w.]+): ([\s\S]+)$/;

interface ApiErrorState {
  status: number;
  statusText: string;
  code: string | null;
  reason: string | null;
  fieldErrors: Readonly<Record<string, string>>;
  bodyText: string;
}

/**
 * A non-ok answer of the API, parsed once from `{ error: { code, message } }`.
 * `message` is the spec's '<status>: <body text or statusText>'; `reason` is the server's own sentence
 * (null when the body is not the API's error shape); `fieldErrors` maps the field a validation error
 * names to its message. Its name stays 'Error' and its fields are not enumerable, so it prints and
 * compares like the plain Error('<status>: <text>') it replaces; tell it apart with `instanceof`.
 */
export class ApiError extends Error {
  readonly #state: ApiErrorState;

  constructor(status: number, bodyText: string, statusText = '', message?: string) {
    super(message ?? `${status}: ${bodyText || statusText}`);
    let code: string | null = null;
    let reason: string | null = null;
    try {
      const body = JSON.parse(bodyText) as { error?: { code?: unknown; message?: unknown } } | null;
      if (typeof body?.error?.code === 'string') code = body.error.code;
      if (typeof body?.error?.message === 'string' && body.error.message) reason = body.error.message;
    } catch {
      // not JSON: a proxy's page or a plain status text
    }
    const field = code === 'VALIDATION_ERROR' && reason ? FIELD_MESSAGE.exec(reason) : null;
    const fieldErrors = field?.[1] && field[2] ? { [field[1]]: field[2] } : {};
    this.#state = { status, statusText, code, reason, fieldErrors, bodyText };
  }

  get status(): number {
    return this.#state.status;
  }
  get statusText(): string {
    return this.#state.statusText;
  }
  get code(): string | null {
    return this.#state.code;
  }
  get reason(): string | null {
    return this.#state.reason;
  }
  get fieldErrors(): Readonly<Record<string, string>> {
    return this.#state.fieldErrors;
  }

  /** Reads the body of a non-ok response. */
  static async fromResponse(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    return new ApiError(res.status, text, res.statusText);
  }

  /** The same error with another message (a screen whose spec words differ from '<status>: <text>'). */
  withMessage(message: string): ApiError {
    return new ApiError(this.status, this.#state.bodyText, this.statusText, message);
  }
}


/** The HTTP status of an API error; null for a network error or anything else. */
export const errorStatus = (err: unknown): number | null => (err instanceof ApiError ? err.status : null);

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

async function send(method: string, url: string, body: BodyInit | undefined, init: RequestOptions & { json: boolean }): Promise<Response> {
  const { json, headers = {}, ...rest } = init;
  const res = await fetch(url, {
    method,
    headers: json ? { 'Content-Type': 'application/json', ...headers } : headers,
    body,
    credentials: 'include',
    ...rest,
  });
  if (!res.ok) throw await ApiError.fromResponse(res);
  return res;
}

/** Sends a request and returns the (ok) Response; throws an ApiError on a non-ok status. */
export function apiRequest(method: string, url: string, body?: unknown, headers: Record<string, string> = {}, options: Omit<RequestOptions, 'headers'> = {}): Promise<Response> {
  const json = body !== undefined;
  return send(method, url, json ? JSON.stringify(body) : undefined, { ...options, headers, json });
}

/** Sends a multipart form (an upload); the browser sets its content type. */
export function apiUpload(url: string, form: FormData, options: Omit<RequestOptions, 'headers'> = {}): Promise<Response> {
  return send('POST', url, form, { ...options, json: false });
}

/** GET a JSON document. */
export async function getJson<T>(url: string, options: Omit<RequestOptions, 'headers'> = {}): Promise<T> {
  const res = await apiRequest('GET', url, undefined, {}, options);
  return (await res.json()) as T;
}

/** Builds a URL with query parameters, leaving out undefined, null, '' and 'all' values. */
export function withQuery(path: string, params: Record<string, string | number | boolean | null | undefined>): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === 'all') continue;
    qs.set(key, String(value));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A query function that GETs the query key joined with '/' (the first element is the URL). */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    if (!res.ok) throw await ApiError.fromResponse(res);
    return (await res.json()) as T;
  };
}

/** The server's own words for a failed call (its `error.message`), else the error's message. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.reason ?? err.message.slice(`${err.status}: `.length);
  return err instanceof Error ? err.message : String(err);
}
