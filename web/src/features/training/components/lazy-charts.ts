import { lazy } from 'react';
import type * as Charts from './charts';

/**
 * The training screens' nivo charts, one chunk loaded the first time a chart is drawn (a free rider
 * never loads it). One import shared by every chart: they arrive together.
 */
let charts: Promise<typeof Charts> | undefined;
const loadCharts = () => (charts ??= import('./charts'));

export const FitnessChart = lazy(() => loadCharts().then((m) => ({ default: m.FitnessChart })));
export const FormChart = lazy(() => loadCharts().then((m) => ({ default: m.FormChart })));
export const WeeklyBars = lazy(() => loadCharts().then((m) => ({ default: m.WeeklyBars })));
export const RiderPowerCurveChart = lazy(() =>
  loadCharts().then((m) => ({ default: m.RiderPowerCurveChart })),
);
