import { describe, expect, it } from 'vitest';
import { hashToView, viewToHash, type View } from '../../renderer/src/features/layout/navigation.ts';

describe('views in the URL fragment', () => {
  const views: View[] = [
    { page: 'carriers' },
    { page: 'fleet', carrierId: 'demo-acme' },
    { page: 'downloads' },
    { page: 'downloads', carrierId: 'demo-acme' },
    { page: 'downloads', carrierId: 'demo-acme', vehicleId: '3f0c2a9e-1d2b-4c5d-8e9f-0a1b2c3d4e5f' },
    { page: 'storage' },
    { page: 'compare' },
    // Compare's carriers and range: back from another screen it shows the same comparison.
    {
      page: 'compare',
      setup: { carrierIds: ['demo-a', 'demo-b'], range: '30d', from: '', to: '' },
    },
    {
      page: 'compare',
      setup: {
        carrierIds: ['demo-a', 'c.2'],
        range: 'custom',
        from: '2026-11-01',
        to: '2026-11-09',
      },
    },
    { page: 'settings' },
    { page: 'zones' },
    { page: 'review' },
    {
      page: 'review',
      place: {
        carrierId: 'demo-acme',
        vehicleId: '3f0c2a9e-1d2b-4c5d-8e9f-0a1b2c3d4e5f',
        day: '2026-11-20',
        span: 'week',
      },
    },
    {
      page: 'review',
      place: { carrierId: 'c1', vehicleId: 'v:1', day: '2026-11-20', span: 'day', seekTo: 1_763_600_000_000 },
    },
    // An event opened from the inbox or Compare: its stretch, so the review zooms to it.
    {
      page: 'review',
      place: {
        carrierId: 'c1',
        vehicleId: 'v1',
        day: '2026-11-20',
        span: 'day',
        event: { startMs: 1_763_600_000_000, endMs: 1_763_600_240_000 },
      },
    },
    // From a fleet row: the vehicle's latest stored day, chosen when its days are read.
    { page: 'review', place: { carrierId: 'c1', vehicleId: 'v1', day: '', span: 'week' } },
  ];
  it.each(views.map((v) => [viewToHash(v), v] as const))('%s reads back as the same view', (hash, view) => {
    expect(hashToView(`#${hash}`)).toEqual(view);
  });

  it("Compare's address carries no analysis settings (they are the app's one set): an old address's are ignored", () => {
    expect(
      hashToView('#compare?carrier=demo-a&carrier=demo-b&range=7d&speedingThresholdMph=62&gapSeconds=900'),
    ).toEqual({
      page: 'compare',
      setup: { carrierIds: ['demo-a', 'demo-b'], range: '7d', from: '', to: '' },
    });
    expect(
      viewToHash({ page: 'compare', setup: { carrierIds: ['a', 'b'], range: '7d', from: '', to: '' } }),
    ).not.toMatch(/speeding|gap/i);
  });

  it("a fragment that names no view reads as none: the browser shell's token, empty, unknown, or out of shape", () => {
    for (const h of [
      '',
      '#',
      '#token=abc',
      '#nope',
      '#fleet',
      '#fleet?carrier=../x',
      `#${'review?'.padEnd(2000, 'x')}`,
    ])
      expect(hashToView(h)).toBeNull();
  });

  it('a review place out of shape keeps the screen but drops the place', () => {
    expect(hashToView('#review?carrier=c1&vehicle=v1&day=20-11-2026&span=day')).toEqual({ page: 'review' });
    expect(hashToView('#review?carrier=c1&vehicle=v1&day=2026-11-20&span=year')).toEqual({ page: 'review' });
    expect(hashToView('#review?carrier=c1&vehicle=v1&day=2026-11-20&span=day&t=1e400')).toEqual({ page: 'review' });
    const place = '#review?carrier=c1&vehicle=v1&day=2026-11-20&span=day';
    for (const ev of [
      '1-',
      '-5',
      '5-4',
      '1.5-2',
      '1e3-2e3',
      '0x1-0x2',
      '12345678901234567-12345678901234568',
      '0-16000000000',
      '1-2-3',
    ])
      expect(hashToView(`${place}&ev=${ev}`), ev).toEqual({ page: 'review' });
    expect(hashToView(`${place}&ev=5-5`)).toEqual({
      page: 'review',
      place: { carrierId: 'c1', vehicleId: 'v1', day: '2026-11-20', span: 'day', event: { startMs: 5, endMs: 5 } },
    });
    expect(hashToView('#downloads?carrier=../x&vehicle=v1')).toEqual({ page: 'downloads' });
    expect(hashToView('#downloads?carrier=c1&vehicle=%00')).toEqual({ page: 'downloads', carrierId: 'c1' });
  });
});
