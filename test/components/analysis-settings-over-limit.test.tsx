import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTABLE_PARAMS, type AdjustableAnalysisParams } from '../../shared/analysis/adjustable.ts';
import { AnalysisSettings } from '../../renderer/src/features/review/AnalysisSettings.tsx';

afterEach(cleanup);

function Harness({ changes }: { changes: AdjustableAnalysisParams[] }) {
  const [value, setValue] = useState<AdjustableAnalysisParams>(DEFAULT_ADJUSTABLE_PARAMS);
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

describe('the over-the-limit rule in Analysis settings', () => {
  it('shows the defaults (6 mph, 60 s) and applies a tolerance and a duration within their ranges', async () => {
    const user = userEvent.setup();
    const changes: AdjustableAnalysisParams[] = [];
    render(<Harness changes={changes} />);
    await user.click(screen.getByTestId('analysis-settings-toggle'));
    expect(field('overLimitToleranceMph').value).toBe('6');
    expect(field('overLimitMinSeconds').value).toBe('60');
    await user.clear(field('overLimitToleranceMph'));
    await user.type(field('overLimitToleranceMph'), '8{Enter}');
    await user.clear(field('overLimitMinSeconds'));
    await user.type(field('overLimitMinSeconds'), '120{Enter}');
    expect(changes.at(-1)).toEqual({
      ...DEFAULT_ADJUSTABLE_PARAMS,
      overLimitToleranceMph: 8,
      overLimitMinSeconds: 120,
    });
    // Reset brings the rule back with the rest.
    await user.click(screen.getByTestId('analysis-reset'));
    expect(changes.at(-1)).toEqual(DEFAULT_ADJUSTABLE_PARAMS);
  });

  it('a tolerance out of its range says so in the field’s words and applies nothing', async () => {
    const user = userEvent.setup();
    const changes: AdjustableAnalysisParams[] = [];
    render(<Harness changes={changes} />);
    await user.click(screen.getByTestId('analysis-settings-toggle'));
    await user.clear(field('overLimitToleranceMph'));
    await user.type(field('overLimitToleranceMph'), '12');
    await user.tab();
    const error = screen.getByTestId('analysis-error-overLimitToleranceMph').textContent ?? '';
    expect(error).toContain('from 1 to 10 mph');
    expect(error).toContain('12 mph');
    expect(error).not.toContain('overLimitToleranceMph');
    await user.clear(field('overLimitMinSeconds'));
    await user.type(field('overLimitMinSeconds'), '4000');
    await user.tab();
    expect(screen.getByTestId('analysis-error-overLimitMinSeconds').textContent).toContain('from 0 to 3600 s');
    expect(changes).toEqual([]);
  });
});
