import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTABLE_PARAMS, type AdjustableAnalysisParams } from '../../shared/analysis/adjustable.ts';
import { AnalysisSettings } from '../../renderer/src/features/review/AnalysisSettings.tsx';

afterEach(cleanup);

/** The Review keeps the value; this holds it the same way and records every change the panel applies. */
function Harness({
  changes,
  initial = DEFAULT_ADJUSTABLE_PARAMS,
}: {
  changes: AdjustableAnalysisParams[];
  initial?: AdjustableAnalysisParams;
}) {
  const [value, setValue] = useState(initial);
  return (
    <AnalysisSettings
      value={value}
      context={{ speedingThresholdMph: 70 }}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

const field = (key: string) => screen.getByTestId(`analysis-param-${key}`) as HTMLInputElement;

describe('AnalysisSettings', () => {
  it('shows each parameter in the unit people type (minutes, hours) and applies a valid value on Enter, in the parameter’s unit', async () => {
    const user = userEvent.setup();
    const changes: AdjustableAnalysisParams[] = [];
    render(<Harness changes={changes} />);
    expect(screen.queryByTestId('analysis-settings')).toBeNull();
    await user.click(screen.getByTestId('analysis-settings-toggle'));
    expect(field('minStopSeconds').value).toBe(String(DEFAULT_ADJUSTABLE_PARAMS.minStopSeconds / 60));
    expect(field('longStopSeconds').value).toBe(String(DEFAULT_ADJUSTABLE_PARAMS.longStopSeconds / 3600));
    await user.clear(field('minStopSeconds'));
    await user.type(field('minStopSeconds'), '12.5{Enter}');
    expect(changes).toEqual([{ ...DEFAULT_ADJUSTABLE_PARAMS, minStopSeconds: 750 }]);
    expect(screen.getByTestId('analysis-settings-toggle').getAttribute('data-custom')).toBe('true');
  });

  it('a value the analysis refuses keeps its text, says why beside the field in the user’s unit, and applies nothing', async () => {
    const user = userEvent.setup();
    const changes: AdjustableAnalysisParams[] = [];
    render(<Harness changes={changes} />);
    await user.click(screen.getByTestId('analysis-settings-toggle'));
    // The plausible maximum must stay above the 70 mph speed limit.
    await user.clear(field('maxPlausibleMph'));
    await user.type(field('maxPlausibleMph'), '60');
    await user.tab();
    const error = screen.getByTestId('analysis-error-maxPlausibleMph');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('60 mph');
    expect(error.textContent).not.toContain('maxPlausibleMph');
    expect(field('maxPlausibleMph').value).toBe('60');
    expect(field('maxPlausibleMph').getAttribute('aria-invalid')).toBe('true');
    expect(changes).toEqual([]);
    // An empty field is refused too, with its unit.
    await user.clear(field('speedingMinSeconds'));
    await user.tab();
    expect(screen.getByTestId('analysis-error-speedingMinSeconds').textContent).toMatch(/enter a number of s$/);
    expect(changes).toEqual([]);
    // Fixing the value clears the reason and applies it.
    await user.clear(field('maxPlausibleMph'));
    await user.type(field('maxPlausibleMph'), '95{Enter}');
    expect(screen.queryByTestId('analysis-error-maxPlausibleMph')).toBeNull();
    expect(changes).toEqual([{ ...DEFAULT_ADJUSTABLE_PARAMS, maxPlausibleMph: 95 }]);
  });

  it('an unchanged value applies nothing; Reset restores the defaults once; Escape closes the panel', async () => {
    const user = userEvent.setup();
    const changes: AdjustableAnalysisParams[] = [];
    render(<Harness changes={changes} initial={{ ...DEFAULT_ADJUSTABLE_PARAMS, minTripMiles: 4 }} />);
    expect(screen.getByTestId('analysis-settings-toggle').getAttribute('data-custom')).toBe('true');
    await user.click(screen.getByTestId('analysis-settings-toggle'));
    await user.clear(field('minTripMiles'));
    await user.type(field('minTripMiles'), '4{Enter}');
    expect(changes).toEqual([]);
    await user.click(screen.getByTestId('analysis-reset'));
    await user.click(screen.getByTestId('analysis-reset'));
    expect(changes).toEqual([DEFAULT_ADJUSTABLE_PARAMS]);
    expect(screen.getByTestId('analysis-settings-toggle').getAttribute('data-custom')).toBe('false');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('analysis-settings')).toBeNull();
  });
});
