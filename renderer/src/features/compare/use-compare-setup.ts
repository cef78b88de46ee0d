import { useState } from 'react';
import { MAX_CARRIERS, MIN_CARRIERS, type ComparisonFacts } from '../../../../shared/compare/compare.ts';
import { DEFAULT_COMPARE_PARAMS, resolveCompareParams, type CompareParams } from '../../../../shared/compare/params.ts';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import type { AppInfo, RouteLensApi } from '../../../../shared/ipc/contract.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { printComparison, saveComparisonCsv } from './export.ts';

/**
 * The carriers ticked for comparison: those `initial` names that still exist (where the page was left),
 * else the first two; never more than MAX_CARRIERS.
 */
export function useCarrierPicks(carriers: readonly CarrierView[], initial?: readonly string[]) {
  const [picked, setPicked] = useState<string[] | null>(() =>
    initial && initial.length > 0 ? initial.slice(0, MAX_CARRIERS) : null,
  );
  const known = picked?.filter((id) => carriers.some((c) => c.id === id));
  const selected = known && known.length > 0 ? known : carriers.slice(0, MIN_CARRIERS).map((c) => c.id);
  const toggle = (id: string) =>
    setPicked(
      selected.includes(id)
        ? selected.filter((x) => x !== id)
        : selected.length >= MAX_CARRIERS
          ? selected
          : [...selected, id],
    );
  return { selected, toggle };
}

/**
 * The comparison's parameters, the same for every carrier: the documented defaults with the user's speed
 * limit; a typed value applies once it is valid, and a refused one says why (through `fail`) and keeps
 * its text in the field.
 */
export function useCompareParams(
  speedingThresholdMph: number,
  fail: (message: string | null) => void,
  initial?: Partial<CompareParams>,
) {
  const base: CompareParams = { ...DEFAULT_COMPARE_PARAMS, speedingThresholdMph };
  const [params, setParams] = useState<CompareParams>(() => {
    try {
      return resolveCompareParams({ ...base, ...initial });
    } catch {
      return base; // A hand-edited address out of range: the defaults.
    }
  });
  const [draft, setDraft] = useState<Record<string, string>>({});
  /** What differs from the defaults: what the navigation state keeps. */
  const patch: Partial<CompareParams> = {};
  for (const k of Object.keys(params) as (keyof CompareParams)[]) if (params[k] !== base[k]) patch[k] = params[k];
  const applyParam = (key: keyof CompareParams, text: string) => {
    setDraft((d) => ({ ...d, [key]: text }));
    const v = Number(text);
    if (text.trim() === '' || !Number.isFinite(v)) return;
    try {
      setParams((p) => resolveCompareParams({ ...p, [key]: v }));
      fail(null);
    } catch (e) {
      fail(errorText(e));
    }
  };
  return { params, patch, draft, applyParam };
}

/** The CSV and the printed report of the facts shown, saved the way this shell saves (dialog or download). */
export function useCompareExports(
  api: RouteLensApi,
  info: AppInfo,
  facts: ComparisonFacts | null,
  say: (m: string | null) => void,
  fail: (m: string) => void,
) {
  const exportCsv = async () => {
    if (!facts) return;
    try {
      const out = await saveComparisonCsv(api, info.saveMode, facts);
      say(out.kind === 'saved' ? `Saved ${out.path}` : out.kind === 'downloaded' ? `Downloaded ${out.name}` : null);
    } catch (e) {
      fail(errorText(e));
    }
  };
  const exportReport = async () => {
    if (!facts) return;
    try {
      const out = await printComparison(api, info.canPrintToPdf, facts);
      if (out.kind === 'saved') say(`Saved ${out.path}`);
    } catch (e) {
      fail(errorText(e));
    }
  };
  return { exportCsv, exportReport };
}
