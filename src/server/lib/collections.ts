// Small collection helpers the in-memory indexes share (ADR 026, 027, 029).

/** Appends `value` to the list kept under `key`, starting the list when there is none. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** One copy of each equal string (rows of many communities share their cities, states and sources). */
export function interner(): <S extends string | null>(s: S) => S {
  const seen = new Map<string, string>();
  return <S extends string | null>(s: S): S => {
    if (s === null) return s;
    const hit = seen.get(s);
    if (hit !== undefined) return hit as S;
    seen.set(s, s);
    return s;
  };
}
