/**
 * Issue 32, 2 and 3, in the audit report: the API's names and places are
 * isolated (an override in a carrier name cannot reorder "· USDOT …" and the
 * dates around it, in the header or the page footer) and bounded (a 64 KB
 * vehicle number or place adds at most a few hundred characters per use, so
 * the layout and the print do not grow with it).
 */
import { describe, expect, it } from 'vitest';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import { auditContent, type AuditSource } from '../../shared/audit/bundle-content.ts';
import { auditReportHtml } from '../../shared/report/audit-report.ts';
import { REPORT_TEXT_MAX } from '../../shared/report/outside-text.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const RLO = '\u202e';

function html(o: { carrierName: string; vehicleNumber: string; place?: string }): string {
  const points = generateRandomTrack(2, 5, {
    startMs: Date.UTC(2026, 10, 1, 3),
    vehicleNumber: o.vehicleNumber,
    vin: '1FUJGLDR9CLBP8834',
  }).map((p) => (o.place === undefined ? p : { ...p, location: o.place }));
  const chunks = toDayChunks('veh-1', points);
  const source: AuditSource = {
    app: { name: 'RouteLens', version: '9.9.9-test' },
    apiBaseUrl: 'https://api.example.com/fleet/v2',
    meta: {
      carrierName: o.carrierName,
      dotNumber: '3148272',
      vehicleId: 'veh-1',
      vehicleNumber: o.vehicleNumber,
      vin: '1FUJGLDR9CLBP8834',
      zone: 'UTC',
      dayZone: 'UTC',
      from: chunks[0]!.day,
      to: chunks.at(-1)!.day,
      generatedAt: Date.UTC(2026, 10, 20, 12),
    },
    chunks,
    params: resolveAnalysisParams({}),
    days: chunks.map((c) => ({ day: c.day, downloadedAt: null, records: c.length, rejected: 0, complete: true })),
    rejected: 0,
  };
  return auditReportHtml({ source, content: auditContent(source) });
}

describe('outside text in the audit report', () => {
  const doc = html({ carrierName: `Acme ${RLO}Freight`, vehicleNumber: `T-${RLO}101` });

  it('header: a name with an override inside <bdi>, so the override ends with it', () => {
    const body = doc.slice(doc.indexOf('<body>'));
    expect(body).toContain(`<h1>Audit report: vehicle <bdi>T-${RLO}101</bdi></h1>`);
    expect(body).toContain(`<p class="sub"><bdi>Acme ${RLO}Freight</bdi> · USDOT 3148272 · `);
    // No override anywhere in the body outside a <bdi> element or a table cell (a paragraph of its own).
    const outside = body.replace(/<bdi>[^<]*<\/bdi>/g, '').replace(/<td[^>]*>[^<]*<\/td>/g, '');
    expect(outside).not.toContain(RLO);
  });

  it('footer (a CSS string, no element can isolate): the override removed, each name in a first-strong isolate', () => {
    const footer = /@bottom-left \{ content: "([^"]*)"/.exec(doc)![1]!;
    expect(footer).not.toContain(RLO);
    expect(footer).toContain('\u2068Acme Freight\u2069 · USDOT 3148272 · \u2068T-101\u2069 · ');
    // A stray isolate terminator in the name cannot close the report's own isolate early.
    const stray = html({ carrierName: 'Acme\u2069\u2069\u202e', vehicleNumber: 'T-1' });
    expect(/@bottom-left \{ content: "([^"]*)"/.exec(stray)![1]).toContain('\u2068Acme\u2069 · USDOT');
  });

  it('a 64 KB vehicle number and place are shown cut at the report bound with "…"', () => {
    const long = 'W'.repeat(65_536);
    const small = html({ carrierName: 'Acme', vehicleNumber: 'T-1', place: 'Mile 1' });
    const big = html({ carrierName: 'Acme', vehicleNumber: long, place: long });
    expect(big).not.toContain('W'.repeat(REPORT_TEXT_MAX));
    expect(big).toContain(`${'W'.repeat(REPORT_TEXT_MAX - 1)}…`);
    // Per use of a field, at most the bound: the document grows by a bounded amount, not by 64 KB a row.
    const uses = (big.match(/W{20,}/g) ?? []).length;
    expect(big.length - small.length).toBeLessThanOrEqual(uses * (REPORT_TEXT_MAX + 20));
    expect(big.length).toBeLessThan(small.length + 200_000);
  });
});
