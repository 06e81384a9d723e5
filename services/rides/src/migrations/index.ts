import { CreateRides1795652436066 } from './1795652436066-CreateRides.js';
import { AddStravaConnectionsStreamsAndMetrics1795655562167 } from './1795655562167-AddStravaConnectionsStreamsAndMetrics.js';
import { CreateGoals1795663274901 } from './1795663274901-CreateGoals.js';
import { AddRideSortIndexes1795663304587 } from './1795663304587-AddRideSortIndexes.js';
import { AddRiderRideTotals1795677314690 } from './1795677314690-AddRiderRideTotals.js';
import { AddRiderPhysiologyAndRideEfforts1795717372631 } from './1795717372631-AddRiderPhysiologyAndRideEfforts.js';
import { RiderUnits1795737348769 } from './1795737348769-RiderUnits.js';
import { AddRideUploads1795749012430 } from './1795749012430-AddRideUploads.js';
import { AddTrainingLoadAndPowerCurves1795800000000 } from './1795800000000-AddTrainingLoadAndPowerCurves.js';
import { AddRiderCalendarFeeds1795813000000 } from './1795813000000-AddRiderCalendarFeeds.js';
import { AddTrainingPlans1795830000000 } from './1795830000000-AddTrainingPlans.js';

/** Applied in this order. Never edit a migration that has landed; add a new one. */
export const migrations = [CreateRides1795652436066, AddStravaConnectionsStreamsAndMetrics1795655562167, CreateGoals1795663274901, AddRideSortIndexes1795663304587, AddRiderRideTotals1795677314690, AddRiderPhysiologyAndRideEfforts1795717372631, RiderUnits1795737348769, AddRideUploads1795749012430, AddTrainingLoadAndPowerCurves1795800000000, AddRiderCalendarFeeds1795813000000, AddTrainingPlans1795830000000];
