/** Every nivo chart of the training screens: the chunk lazy-charts.ts loads. */
export { FitnessChart, FormChart } from './LoadCharts';
export { RiderPowerCurveChart } from './RiderPowerCurveChart';
export { WeeklyBars } from './WeeklyBars';
