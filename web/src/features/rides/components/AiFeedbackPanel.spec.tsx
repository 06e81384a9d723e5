import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import { metrics, ride } from '../test-rides';
import type { Ride } from '../graphql/rides.graphql';
import { AiFeedbackPanel, FETCHING_RIDE_DATA } from './AiFeedbackPanel';

const pending = (source: 'summary' | 'streams') =>
  ride(1, { hasAiFeedback: false, aiFeedback: null, metrics: metrics({ source }) }) as unknown as Ride;

describe('the ride card while an analysis runs', () => {
  it('says "Fetching ride data..." while the ride still waits for its detailed data, "Analyzing..." once it has it', () => {
    const waiting = renderWithApp(
      <AiFeedbackPanel ride={pending('summary')} onGenerate={() => {}} analyzing />,
    );
    expect(screen.getByRole('button', { name: FETCHING_RIDE_DATA })).toBeDisabled();
    waiting.unmount();
    renderWithApp(<AiFeedbackPanel ride={pending('streams')} onGenerate={() => {}} analyzing />);
    expect(screen.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: FETCHING_RIDE_DATA })).not.toBeInTheDocument();
  });
});
