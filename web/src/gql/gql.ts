/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment SessionUserFields on User {\n    __typename\n    id\n    email\n    firstName\n    lastName\n    profileImageUrl\n    createdAt\n    subscriptionTier\n    stripeCustomerId\n    stravaId\n  }\n": typeof types.SessionUserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n  \n": typeof types.MeDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...SessionUserFields\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...SessionUserFields\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query AdminAuth {\n    adminAuth {\n      isAdmin\n    }\n  }\n": typeof types.AdminAuthDocument,
    "\n  mutation AdminLogin($input: AdminLoginInput!) {\n    adminLogin(input: $input) {\n      isAdmin\n    }\n  }\n": typeof types.AdminLoginDocument,
    "\n  mutation AdminLogout {\n    adminLogout\n  }\n": typeof types.AdminLogoutDocument,
    "\n    query LifetimeAnalytics($timeZone: String) {\n      lifetimeAnalytics(timeZone: $timeZone) {\n        monthlyStats {\n          totalRides\n          totalDistance\n          totalTime\n          totalElevation\n        }\n        statTrends {\n          totalRides\n          totalDistance\n          totalTime\n          totalElevation\n        }\n        weeklyProgress {\n          week\n          rides\n          distance\n          avgSpeed\n          elevation\n          time\n        }\n        performanceZones {\n          zone\n          name\n          timeSpent\n        }\n        zoneSource\n        timeZone\n      }\n    }\n  ": typeof types.LifetimeAnalyticsDocument,
    "\n  query PerformanceTrends($timeZone: String) {\n    performanceTrends(timeZone: $timeZone) {\n      trends {\n        date\n        power\n        heartRate\n        cadence\n      }\n      improvements {\n        powerImprovement\n        heartRateEfficiency\n        cadenceConsistency\n      }\n      timeZone\n    }\n  }\n": typeof types.PerformanceTrendsDocument,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    message\n    response\n    createdAt\n  }\n": typeof types.ChatMessageFieldsFragmentDoc,
    "\n  query CoachChat($limit: Int) {\n    coachChat(limit: $limit) {\n      messages {\n        ...ChatMessageFields\n      }\n      nextCursor\n    }\n  }\n": typeof types.CoachChatDocument,
    "\n  mutation SendCoachMessage($message: String!) {\n    sendCoachMessage(message: $message) {\n      ...ChatMessageFields\n    }\n  }\n": typeof types.SendCoachMessageDocument,
    "\n    query DashboardStats($timeZone: String) {\n      dashboardStats(timeZone: $timeZone) {\n        weeklyStats {\n          totalDistance\n          totalTime\n          totalElevation\n          avgPower\n        }\n        recentRides {\n          ...RideFields\n        }\n      }\n    }\n  ": typeof types.DashboardStatsDocument,
    "\n  fragment GoalFields on Goal {\n    id\n    title\n    description\n    type\n    unit\n    targetValue\n    currentValue\n    targetDate\n    status\n    createdAt\n    completedAt\n  }\n": typeof types.GoalFieldsFragmentDoc,
    "\n    query Goals {\n      goals {\n        ...GoalFields\n      }\n    }\n  ": typeof types.GoalsDocument,
    "\n  mutation CreateGoal($input: GoalInput!, $timeZone: String) {\n    createGoal(input: $input, timeZone: $timeZone) {\n      ...GoalFields\n    }\n  }\n": typeof types.CreateGoalDocument,
    "\n  mutation UpdateGoal($id: ID!, $input: GoalInput!, $timeZone: String) {\n    updateGoal(id: $id, input: $input, timeZone: $timeZone) {\n      ...GoalFields\n    }\n  }\n": typeof types.UpdateGoalDocument,
    "\n  mutation DeleteGoal($id: ID!) {\n    deleteGoal(id: $id)\n  }\n": typeof types.DeleteGoalDocument,
    "\n  mutation ForgotPassword($input: ForgotPasswordInput!) {\n    forgotPassword(input: $input)\n  }\n": typeof types.ForgotPasswordDocument,
    "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input)\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...SessionUserFields\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  fragment RiderSettingsFields on RiderSettings {\n    ftp\n    thresholdHeartrate\n    maxHeartrate\n    weightKg\n    estimatedFtp\n    timeZone\n    units\n    estimates {\n      ftp {\n        value\n        model\n        rideId\n        date\n        description\n      }\n      thresholdHeartrate {\n        value\n        model\n        rideId\n        date\n        description\n      }\n      maxHeartrate {\n        value\n        model\n        rideId\n        date\n        description\n      }\n    }\n  }\n": typeof types.RiderSettingsFieldsFragmentDoc,
    "\n    query RiderSettings {\n      riderSettings {\n        ...RiderSettingsFields\n      }\n    }\n  ": typeof types.RiderSettingsDocument,
    "\n    mutation UpdateRiderSettings($input: RiderSettingsInput!) {\n      updateRiderSettings(input: $input) {\n        ...RiderSettingsFields\n      }\n    }\n  ": typeof types.UpdateRiderSettingsDocument,
    "\n  query RideFeedback($id: ID!) {\n    ride(id: $id) {\n      id\n      hasAiFeedback\n      aiFeedback {\n        ...AiFeedbackFields\n      }\n    }\n  }\n": typeof types.RideFeedbackDocument,
    "\n  query MonthlyAnalysisLimit {\n    monthlyAnalysisLimit {\n      hasLimit\n      used\n      limit\n      remaining\n      limitReached\n    }\n  }\n": typeof types.MonthlyAnalysisLimitDocument,
    "\n  mutation AnalyzeRide($rideId: ID!) {\n    analyzeRide(rideId: $rideId) {\n      id\n      aiFeedback {\n        ...AiFeedbackFields\n      }\n    }\n  }\n": typeof types.AnalyzeRideDocument,
    "\n  fragment AiFeedbackFields on AiFeedback {\n    summary\n    strengths\n    weaknesses\n    recommendations\n    fullAnalysis\n    outdated\n  }\n": typeof types.AiFeedbackFieldsFragmentDoc,
    "\n  fragment RideFields on Ride {\n    id\n    name\n    startDate\n    type\n    distance\n    movingTime\n    totalElevationGain\n    averageSpeed\n    averageWatts\n    averageHeartrate\n    averageCadence\n    sourceLabel\n    hasAiFeedback\n    hasFeedback\n    aiFeedback {\n      ...AiFeedbackFields\n    }\n    metrics {\n      source\n      averagePower\n      normalizedPower\n      variabilityIndex\n      intensityFactor\n      trainingStressScore\n      efficiencyFactor\n      aerobicDecoupling\n      ftp\n      ftpSource\n      lthr\n      powerZones {\n        zone\n        seconds\n      }\n      heartRateZones {\n        zone\n        seconds\n      }\n      bestEfforts {\n        durationSeconds\n        watts\n      }\n      maxPower\n      maxHeartrate\n      kilojoules\n      recordedSeconds\n      ftpDescription\n      workout {\n        type\n        basis\n        contexts\n        structure\n        steady\n        intervals {\n          startSeconds\n          durationSeconds\n          averagePower\n          percentOfFtp\n          averageHeartrate\n          recoverySeconds\n        }\n        sets {\n          repeats\n          workSeconds\n          recoverySeconds\n          averagePower\n          percentOfFtp\n          firstInterval\n        }\n      }\n    }\n  }\n": typeof types.RideFieldsFragmentDoc,
    "\n    query RidesPage($limit: Int, $cursor: String, $filter: RideFilterInput) {\n      ridesPage(limit: $limit, cursor: $cursor, filter: $filter) {\n        totalCount\n        nextCursor\n        rides {\n          ...RideFields\n        }\n      }\n    }\n  ": typeof types.RidesPageDocument,
    "\n  query UserAverages {\n    userAverages {\n      totalRides\n      averageSpeed\n      averagePower\n      averageDistance\n    }\n  }\n": typeof types.UserAveragesDocument,
    "\n  query StravaConnection {\n    stravaConnection {\n      connected\n      athleteId\n      connectedAt\n    }\n  }\n": typeof types.StravaConnectionDocument,
    "\n  query StravaSyncStatus {\n    stravaSyncStatus {\n      state\n      imported\n      scanned\n      total\n      message\n      streamsFetched\n      streamsTotal\n    }\n  }\n": typeof types.StravaSyncStatusDocument,
    "\n  mutation SyncStrava {\n    syncStrava {\n      message\n      syncedCount\n      status\n    }\n  }\n": typeof types.SyncStravaDocument,
    "\n  mutation DisconnectStrava {\n    disconnectStrava\n  }\n": typeof types.DisconnectStravaDocument,
    "\n  query RideTotals {\n    rideTotals {\n      totalRides\n      analysedRides\n    }\n  }\n": typeof types.RideTotalsDocument,
    "\n  query Plans {\n    plans {\n      id\n      name\n      price\n      priceId\n      description\n      features\n      popular\n      purchasable\n    }\n  }\n": typeof types.PlansDocument,
    "\n    mutation ValidatePromoCode($code: String!) {\n      validatePromoCode(code: $code) {\n        code\n        discountType\n        discountValue\n        message\n      }\n    }\n  ": typeof types.ValidatePromoCodeDocument,
    "\n  mutation CreateCheckoutSession($priceId: String!, $promoCode: String) {\n    createCheckoutSession(priceId: $priceId, promoCode: $promoCode) {\n      sessionId\n      url\n    }\n  }\n": typeof types.CreateCheckoutSessionDocument,
    "\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n": typeof types.CreatePortalSessionDocument,
    "\n  fragment BillingSubscriptionFields on BillingSubscription {\n    tier\n    status\n    priceId\n    cancelAtPeriodEnd\n    currentPeriodEnd\n  }\n": typeof types.BillingSubscriptionFieldsFragmentDoc,
    "\n  query MySubscription {\n    mySubscription {\n      ...BillingSubscriptionFields\n    }\n  }\n": typeof types.MySubscriptionDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      message\n      subscription {\n        ...BillingSubscriptionFields\n      }\n    }\n  }\n": typeof types.CancelSubscriptionDocument,
    "\n  mutation JoinEliteWaitlist($email: String!) {\n    joinEliteWaitlist(email: $email) {\n      message\n    }\n  }\n": typeof types.JoinEliteWaitlistDocument,
};
const documents: Documents = {
    "\n  fragment SessionUserFields on User {\n    __typename\n    id\n    email\n    firstName\n    lastName\n    profileImageUrl\n    createdAt\n    subscriptionTier\n    stripeCustomerId\n    stravaId\n  }\n": types.SessionUserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n  \n": types.MeDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...SessionUserFields\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...SessionUserFields\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query AdminAuth {\n    adminAuth {\n      isAdmin\n    }\n  }\n": types.AdminAuthDocument,
    "\n  mutation AdminLogin($input: AdminLoginInput!) {\n    adminLogin(input: $input) {\n      isAdmin\n    }\n  }\n": types.AdminLoginDocument,
    "\n  mutation AdminLogout {\n    adminLogout\n  }\n": types.AdminLogoutDocument,
    "\n    query LifetimeAnalytics($timeZone: String) {\n      lifetimeAnalytics(timeZone: $timeZone) {\n        monthlyStats {\n          totalRides\n          totalDistance\n          totalTime\n          totalElevation\n        }\n        statTrends {\n          totalRides\n          totalDistance\n          totalTime\n          totalElevation\n        }\n        weeklyProgress {\n          week\n          rides\n          distance\n          avgSpeed\n          elevation\n          time\n        }\n        performanceZones {\n          zone\n          name\n          timeSpent\n        }\n        zoneSource\n        timeZone\n      }\n    }\n  ": types.LifetimeAnalyticsDocument,
    "\n  query PerformanceTrends($timeZone: String) {\n    performanceTrends(timeZone: $timeZone) {\n      trends {\n        date\n        power\n        heartRate\n        cadence\n      }\n      improvements {\n        powerImprovement\n        heartRateEfficiency\n        cadenceConsistency\n      }\n      timeZone\n    }\n  }\n": types.PerformanceTrendsDocument,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    message\n    response\n    createdAt\n  }\n": types.ChatMessageFieldsFragmentDoc,
    "\n  query CoachChat($limit: Int) {\n    coachChat(limit: $limit) {\n      messages {\n        ...ChatMessageFields\n      }\n      nextCursor\n    }\n  }\n": types.CoachChatDocument,
    "\n  mutation SendCoachMessage($message: String!) {\n    sendCoachMessage(message: $message) {\n      ...ChatMessageFields\n    }\n  }\n": types.SendCoachMessageDocument,
    "\n    query DashboardStats($timeZone: String) {\n      dashboardStats(timeZone: $timeZone) {\n        weeklyStats {\n          totalDistance\n          totalTime\n          totalElevation\n          avgPower\n        }\n        recentRides {\n          ...RideFields\n        }\n      }\n    }\n  ": types.DashboardStatsDocument,
    "\n  fragment GoalFields on Goal {\n    id\n    title\n    description\n    type\n    unit\n    targetValue\n    currentValue\n    targetDate\n    status\n    createdAt\n    completedAt\n  }\n": types.GoalFieldsFragmentDoc,
    "\n    query Goals {\n      goals {\n        ...GoalFields\n      }\n    }\n  ": types.GoalsDocument,
    "\n  mutation CreateGoal($input: GoalInput!, $timeZone: String) {\n    createGoal(input: $input, timeZone: $timeZone) {\n      ...GoalFields\n    }\n  }\n": types.CreateGoalDocument,
    "\n  mutation UpdateGoal($id: ID!, $input: GoalInput!, $timeZone: String) {\n    updateGoal(id: $id, input: $input, timeZone: $timeZone) {\n      ...GoalFields\n    }\n  }\n": types.UpdateGoalDocument,
    "\n  mutation DeleteGoal($id: ID!) {\n    deleteGoal(id: $id)\n  }\n": types.DeleteGoalDocument,
    "\n  mutation ForgotPassword($input: ForgotPasswordInput!) {\n    forgotPassword(input: $input)\n  }\n": types.ForgotPasswordDocument,
    "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input)\n  }\n": types.ResetPasswordDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...SessionUserFields\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  fragment RiderSettingsFields on RiderSettings {\n    ftp\n    thresholdHeartrate\n    maxHeartrate\n    weightKg\n    estimatedFtp\n    timeZone\n    units\n    estimates {\n      ftp {\n        value\n        model\n        rideId\n        date\n        description\n      }\n      thresholdHeartrate {\n        value\n        model\n        rideId\n        date\n        description\n      }\n      maxHeartrate {\n        value\n        model\n        rideId\n        date\n        description\n      }\n    }\n  }\n": types.RiderSettingsFieldsFragmentDoc,
    "\n    query RiderSettings {\n      riderSettings {\n        ...RiderSettingsFields\n      }\n    }\n  ": types.RiderSettingsDocument,
    "\n    mutation UpdateRiderSettings($input: RiderSettingsInput!) {\n      updateRiderSettings(input: $input) {\n        ...RiderSettingsFields\n      }\n    }\n  ": types.UpdateRiderSettingsDocument,
    "\n  query RideFeedback($id: ID!) {\n    ride(id: $id) {\n      id\n      hasAiFeedback\n      aiFeedback {\n        ...AiFeedbackFields\n      }\n    }\n  }\n": types.RideFeedbackDocument,
    "\n  query MonthlyAnalysisLimit {\n    monthlyAnalysisLimit {\n      hasLimit\n      used\n      limit\n      remaining\n      limitReached\n    }\n  }\n": types.MonthlyAnalysisLimitDocument,
    "\n  mutation AnalyzeRide($rideId: ID!) {\n    analyzeRide(rideId: $rideId) {\n      id\n      aiFeedback {\n        ...AiFeedbackFields\n      }\n    }\n  }\n": types.AnalyzeRideDocument,
    "\n  fragment AiFeedbackFields on AiFeedback {\n    summary\n    strengths\n    weaknesses\n    recommendations\n    fullAnalysis\n    outdated\n  }\n": types.AiFeedbackFieldsFragmentDoc,
    "\n  fragment RideFields on Ride {\n    id\n    name\n    startDate\n    type\n    distance\n    movingTime\n    totalElevationGain\n    averageSpeed\n    averageWatts\n    averageHeartrate\n    averageCadence\n    sourceLabel\n    hasAiFeedback\n    hasFeedback\n    aiFeedback {\n      ...AiFeedbackFields\n    }\n    metrics {\n      source\n      averagePower\n      normalizedPower\n      variabilityIndex\n      intensityFactor\n      trainingStressScore\n      efficiencyFactor\n      aerobicDecoupling\n      ftp\n      ftpSource\n      lthr\n      powerZones {\n        zone\n        seconds\n      }\n      heartRateZones {\n        zone\n        seconds\n      }\n      bestEfforts {\n        durationSeconds\n        watts\n      }\n      maxPower\n      maxHeartrate\n      kilojoules\n      recordedSeconds\n      ftpDescription\n      workout {\n        type\n        basis\n        contexts\n        structure\n        steady\n        intervals {\n          startSeconds\n          durationSeconds\n          averagePower\n          percentOfFtp\n          averageHeartrate\n          recoverySeconds\n        }\n        sets {\n          repeats\n          workSeconds\n          recoverySeconds\n          averagePower\n          percentOfFtp\n          firstInterval\n        }\n      }\n    }\n  }\n": types.RideFieldsFragmentDoc,
    "\n    query RidesPage($limit: Int, $cursor: String, $filter: RideFilterInput) {\n      ridesPage(limit: $limit, cursor: $cursor, filter: $filter) {\n        totalCount\n        nextCursor\n        rides {\n          ...RideFields\n        }\n      }\n    }\n  ": types.RidesPageDocument,
    "\n  query UserAverages {\n    userAverages {\n      totalRides\n      averageSpeed\n      averagePower\n      averageDistance\n    }\n  }\n": types.UserAveragesDocument,
    "\n  query StravaConnection {\n    stravaConnection {\n      connected\n      athleteId\n      connectedAt\n    }\n  }\n": types.StravaConnectionDocument,
    "\n  query StravaSyncStatus {\n    stravaSyncStatus {\n      state\n      imported\n      scanned\n      total\n      message\n      streamsFetched\n      streamsTotal\n    }\n  }\n": types.StravaSyncStatusDocument,
    "\n  mutation SyncStrava {\n    syncStrava {\n      message\n      syncedCount\n      status\n    }\n  }\n": types.SyncStravaDocument,
    "\n  mutation DisconnectStrava {\n    disconnectStrava\n  }\n": types.DisconnectStravaDocument,
    "\n  query RideTotals {\n    rideTotals {\n      totalRides\n      analysedRides\n    }\n  }\n": types.RideTotalsDocument,
    "\n  query Plans {\n    plans {\n      id\n      name\n      price\n      priceId\n      description\n      features\n      popular\n      purchasable\n    }\n  }\n": types.PlansDocument,
    "\n    mutation ValidatePromoCode($code: String!) {\n      validatePromoCode(code: $code) {\n        code\n        discountType\n        discountValue\n        message\n      }\n    }\n  ": types.ValidatePromoCodeDocument,
    "\n  mutation CreateCheckoutSession($priceId: String!, $promoCode: String) {\n    createCheckoutSession(priceId: $priceId, promoCode: $promoCode) {\n      sessionId\n      url\n    }\n  }\n": types.CreateCheckoutSessionDocument,
    "\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n": types.CreatePortalSessionDocument,
    "\n  fragment BillingSubscriptionFields on BillingSubscription {\n    tier\n    status\n    priceId\n    cancelAtPeriodEnd\n    currentPeriodEnd\n  }\n": types.BillingSubscriptionFieldsFragmentDoc,
    "\n  query MySubscription {\n    mySubscription {\n      ...BillingSubscriptionFields\n    }\n  }\n": types.MySubscriptionDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      message\n      subscription {\n        ...BillingSubscriptionFields\n      }\n    }\n  }\n": types.CancelSubscriptionDocument,
    "\n  mutation JoinEliteWaitlist($email: String!) {\n    joinEliteWaitlist(email: $email) {\n      message\n    }\n  }\n": types.JoinEliteWaitlistDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionUserFields on User {\n    __typename\n    id\n    email\n    firstName\n    lastName\n    profileImageUrl\n    createdAt\n    subscriptionTier\n    stripeCustomerId\n    stravaId\n  }\n"): (typeof documents)["\n  fragment SessionUserFields on User {\n    __typename\n    id\n    email\n    firstName\n    lastName\n    profileImageUrl\n    createdAt\n    subscriptionTier\n    stripeCustomerId\n    stravaId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n  \n"): (typeof documents)["\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n  \n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...SessionUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...SessionUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...SessionUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...SessionUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAuth {\n    adminAuth {\n      isAdmin\n    }\n  }\n"): (typeof documents)["\n  query AdminAuth {\n    adminAuth {\n      isAdmin\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLogin($input: AdminLoginInput!) {\n    adminLogin(input: $input) {\n      isAdmin\n    }\n  }\n"): (typeof documents)["\n  mutation AdminLogin($input: AdminLoginInput!) {\n    adminLogin(input: $input) {\n      isAdmin\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLogout {\n    adminLogout\n  }\n"): (typeof documents)["\n  mutation AdminLogout {\n    adminLogout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query LifetimeAnalytics($timeZone: String) {\n      lifetimeAnalytics(timeZone: $timeZone) {\n        monthlyStats {\n          totalRides\n          totalDistance\n          totalTime\n          totalElevation\n        }\n        statTrends {\n          totalRides\n          totalDistance\n          totalTime\n          totalElevation\n        }\n        weeklyProgress {\n          week\n          rides\n          distance\n          avgSpeed\n          elevation\n          time\n        }\n        performanceZones {\n          zone\n          name\n          timeSpent\n        }\n        zoneSource\n        timeZone\n      }\n    }\n  "): (typeof documents)["\n    query LifetimeAnalytics($timeZone: String) {\n      lifetimeAnalytics(timeZone: $timeZone) {\n        monthlyStats {\n          totalRides\n          totalDistance\n          totalTime\n          totalElevation\n        }\n        statTrends {\n          totalRides\n          totalDistance\n          totalTime\n          totalElevation\n        }\n        weeklyProgress {\n          week\n          rides\n          distance\n          avgSpeed\n          elevation\n          time\n        }\n        performanceZones {\n          zone\n          name\n          timeSpent\n        }\n        zoneSource\n        timeZone\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PerformanceTrends($timeZone: String) {\n    performanceTrends(timeZone: $timeZone) {\n      trends {\n        date\n        power\n        heartRate\n        cadence\n      }\n      improvements {\n        powerImprovement\n        heartRateEfficiency\n        cadenceConsistency\n      }\n      timeZone\n    }\n  }\n"): (typeof documents)["\n  query PerformanceTrends($timeZone: String) {\n    performanceTrends(timeZone: $timeZone) {\n      trends {\n        date\n        power\n        heartRate\n        cadence\n      }\n      improvements {\n        powerImprovement\n        heartRateEfficiency\n        cadenceConsistency\n      }\n      timeZone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    message\n    response\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ChatMessageFields on ChatMessage {\n    id\n    message\n    response\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CoachChat($limit: Int) {\n    coachChat(limit: $limit) {\n      messages {\n        ...ChatMessageFields\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query CoachChat($limit: Int) {\n    coachChat(limit: $limit) {\n      messages {\n        ...ChatMessageFields\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendCoachMessage($message: String!) {\n    sendCoachMessage(message: $message) {\n      ...ChatMessageFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendCoachMessage($message: String!) {\n    sendCoachMessage(message: $message) {\n      ...ChatMessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query DashboardStats($timeZone: String) {\n      dashboardStats(timeZone: $timeZone) {\n        weeklyStats {\n          totalDistance\n          totalTime\n          totalElevation\n          avgPower\n        }\n        recentRides {\n          ...RideFields\n        }\n      }\n    }\n  "): (typeof documents)["\n    query DashboardStats($timeZone: String) {\n      dashboardStats(timeZone: $timeZone) {\n        weeklyStats {\n          totalDistance\n          totalTime\n          totalElevation\n          avgPower\n        }\n        recentRides {\n          ...RideFields\n        }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GoalFields on Goal {\n    id\n    title\n    description\n    type\n    unit\n    targetValue\n    currentValue\n    targetDate\n    status\n    createdAt\n    completedAt\n  }\n"): (typeof documents)["\n  fragment GoalFields on Goal {\n    id\n    title\n    description\n    type\n    unit\n    targetValue\n    currentValue\n    targetDate\n    status\n    createdAt\n    completedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query Goals {\n      goals {\n        ...GoalFields\n      }\n    }\n  "): (typeof documents)["\n    query Goals {\n      goals {\n        ...GoalFields\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateGoal($input: GoalInput!, $timeZone: String) {\n    createGoal(input: $input, timeZone: $timeZone) {\n      ...GoalFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateGoal($input: GoalInput!, $timeZone: String) {\n    createGoal(input: $input, timeZone: $timeZone) {\n      ...GoalFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateGoal($id: ID!, $input: GoalInput!, $timeZone: String) {\n    updateGoal(id: $id, input: $input, timeZone: $timeZone) {\n      ...GoalFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateGoal($id: ID!, $input: GoalInput!, $timeZone: String) {\n    updateGoal(id: $id, input: $input, timeZone: $timeZone) {\n      ...GoalFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteGoal($id: ID!) {\n    deleteGoal(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteGoal($id: ID!) {\n    deleteGoal(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgotPassword($input: ForgotPasswordInput!) {\n    forgotPassword(input: $input)\n  }\n"): (typeof documents)["\n  mutation ForgotPassword($input: ForgotPasswordInput!) {\n    forgotPassword(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input)\n  }\n"): (typeof documents)["\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...SessionUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...SessionUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RiderSettingsFields on RiderSettings {\n    ftp\n    thresholdHeartrate\n    maxHeartrate\n    weightKg\n    estimatedFtp\n    timeZone\n    units\n    estimates {\n      ftp {\n        value\n        model\n        rideId\n        date\n        description\n      }\n      thresholdHeartrate {\n        value\n        model\n        rideId\n        date\n        description\n      }\n      maxHeartrate {\n        value\n        model\n        rideId\n        date\n        description\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment RiderSettingsFields on RiderSettings {\n    ftp\n    thresholdHeartrate\n    maxHeartrate\n    weightKg\n    estimatedFtp\n    timeZone\n    units\n    estimates {\n      ftp {\n        value\n        model\n        rideId\n        date\n        description\n      }\n      thresholdHeartrate {\n        value\n        model\n        rideId\n        date\n        description\n      }\n      maxHeartrate {\n        value\n        model\n        rideId\n        date\n        description\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RiderSettings {\n      riderSettings {\n        ...RiderSettingsFields\n      }\n    }\n  "): (typeof documents)["\n    query RiderSettings {\n      riderSettings {\n        ...RiderSettingsFields\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation UpdateRiderSettings($input: RiderSettingsInput!) {\n      updateRiderSettings(input: $input) {\n        ...RiderSettingsFields\n      }\n    }\n  "): (typeof documents)["\n    mutation UpdateRiderSettings($input: RiderSettingsInput!) {\n      updateRiderSettings(input: $input) {\n        ...RiderSettingsFields\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RideFeedback($id: ID!) {\n    ride(id: $id) {\n      id\n      hasAiFeedback\n      aiFeedback {\n        ...AiFeedbackFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query RideFeedback($id: ID!) {\n    ride(id: $id) {\n      id\n      hasAiFeedback\n      aiFeedback {\n        ...AiFeedbackFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MonthlyAnalysisLimit {\n    monthlyAnalysisLimit {\n      hasLimit\n      used\n      limit\n      remaining\n      limitReached\n    }\n  }\n"): (typeof documents)["\n  query MonthlyAnalysisLimit {\n    monthlyAnalysisLimit {\n      hasLimit\n      used\n      limit\n      remaining\n      limitReached\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AnalyzeRide($rideId: ID!) {\n    analyzeRide(rideId: $rideId) {\n      id\n      aiFeedback {\n        ...AiFeedbackFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AnalyzeRide($rideId: ID!) {\n    analyzeRide(rideId: $rideId) {\n      id\n      aiFeedback {\n        ...AiFeedbackFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AiFeedbackFields on AiFeedback {\n    summary\n    strengths\n    weaknesses\n    recommendations\n    fullAnalysis\n    outdated\n  }\n"): (typeof documents)["\n  fragment AiFeedbackFields on AiFeedback {\n    summary\n    strengths\n    weaknesses\n    recommendations\n    fullAnalysis\n    outdated\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RideFields on Ride {\n    id\n    name\n    startDate\n    type\n    distance\n    movingTime\n    totalElevationGain\n    averageSpeed\n    averageWatts\n    averageHeartrate\n    averageCadence\n    sourceLabel\n    hasAiFeedback\n    hasFeedback\n    aiFeedback {\n      ...AiFeedbackFields\n    }\n    metrics {\n      source\n      averagePower\n      normalizedPower\n      variabilityIndex\n      intensityFactor\n      trainingStressScore\n      efficiencyFactor\n      aerobicDecoupling\n      ftp\n      ftpSource\n      lthr\n      powerZones {\n        zone\n        seconds\n      }\n      heartRateZones {\n        zone\n        seconds\n      }\n      bestEfforts {\n        durationSeconds\n        watts\n      }\n      maxPower\n      maxHeartrate\n      kilojoules\n      recordedSeconds\n      ftpDescription\n      workout {\n        type\n        basis\n        contexts\n        structure\n        steady\n        intervals {\n          startSeconds\n          durationSeconds\n          averagePower\n          percentOfFtp\n          averageHeartrate\n          recoverySeconds\n        }\n        sets {\n          repeats\n          workSeconds\n          recoverySeconds\n          averagePower\n          percentOfFtp\n          firstInterval\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment RideFields on Ride {\n    id\n    name\n    startDate\n    type\n    distance\n    movingTime\n    totalElevationGain\n    averageSpeed\n    averageWatts\n    averageHeartrate\n    averageCadence\n    sourceLabel\n    hasAiFeedback\n    hasFeedback\n    aiFeedback {\n      ...AiFeedbackFields\n    }\n    metrics {\n      source\n      averagePower\n      normalizedPower\n      variabilityIndex\n      intensityFactor\n      trainingStressScore\n      efficiencyFactor\n      aerobicDecoupling\n      ftp\n      ftpSource\n      lthr\n      powerZones {\n        zone\n        seconds\n      }\n      heartRateZones {\n        zone\n        seconds\n      }\n      bestEfforts {\n        durationSeconds\n        watts\n      }\n      maxPower\n      maxHeartrate\n      kilojoules\n      recordedSeconds\n      ftpDescription\n      workout {\n        type\n        basis\n        contexts\n        structure\n        steady\n        intervals {\n          startSeconds\n          durationSeconds\n          averagePower\n          percentOfFtp\n          averageHeartrate\n          recoverySeconds\n        }\n        sets {\n          repeats\n          workSeconds\n          recoverySeconds\n          averagePower\n          percentOfFtp\n          firstInterval\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RidesPage($limit: Int, $cursor: String, $filter: RideFilterInput) {\n      ridesPage(limit: $limit, cursor: $cursor, filter: $filter) {\n        totalCount\n        nextCursor\n        rides {\n          ...RideFields\n        }\n      }\n    }\n  "): (typeof documents)["\n    query RidesPage($limit: Int, $cursor: String, $filter: RideFilterInput) {\n      ridesPage(limit: $limit, cursor: $cursor, filter: $filter) {\n        totalCount\n        nextCursor\n        rides {\n          ...RideFields\n        }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserAverages {\n    userAverages {\n      totalRides\n      averageSpeed\n      averagePower\n      averageDistance\n    }\n  }\n"): (typeof documents)["\n  query UserAverages {\n    userAverages {\n      totalRides\n      averageSpeed\n      averagePower\n      averageDistance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StravaConnection {\n    stravaConnection {\n      connected\n      athleteId\n      connectedAt\n    }\n  }\n"): (typeof documents)["\n  query StravaConnection {\n    stravaConnection {\n      connected\n      athleteId\n      connectedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StravaSyncStatus {\n    stravaSyncStatus {\n      state\n      imported\n      scanned\n      total\n      message\n      streamsFetched\n      streamsTotal\n    }\n  }\n"): (typeof documents)["\n  query StravaSyncStatus {\n    stravaSyncStatus {\n      state\n      imported\n      scanned\n      total\n      message\n      streamsFetched\n      streamsTotal\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SyncStrava {\n    syncStrava {\n      message\n      syncedCount\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation SyncStrava {\n    syncStrava {\n      message\n      syncedCount\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisconnectStrava {\n    disconnectStrava\n  }\n"): (typeof documents)["\n  mutation DisconnectStrava {\n    disconnectStrava\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RideTotals {\n    rideTotals {\n      totalRides\n      analysedRides\n    }\n  }\n"): (typeof documents)["\n  query RideTotals {\n    rideTotals {\n      totalRides\n      analysedRides\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Plans {\n    plans {\n      id\n      name\n      price\n      priceId\n      description\n      features\n      popular\n      purchasable\n    }\n  }\n"): (typeof documents)["\n  query Plans {\n    plans {\n      id\n      name\n      price\n      priceId\n      description\n      features\n      popular\n      purchasable\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidatePromoCode($code: String!) {\n      validatePromoCode(code: $code) {\n        code\n        discountType\n        discountValue\n        message\n      }\n    }\n  "): (typeof documents)["\n    mutation ValidatePromoCode($code: String!) {\n      validatePromoCode(code: $code) {\n        code\n        discountType\n        discountValue\n        message\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCheckoutSession($priceId: String!, $promoCode: String) {\n    createCheckoutSession(priceId: $priceId, promoCode: $promoCode) {\n      sessionId\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCheckoutSession($priceId: String!, $promoCode: String) {\n    createCheckoutSession(priceId: $priceId, promoCode: $promoCode) {\n      sessionId\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BillingSubscriptionFields on BillingSubscription {\n    tier\n    status\n    priceId\n    cancelAtPeriodEnd\n    currentPeriodEnd\n  }\n"): (typeof documents)["\n  fragment BillingSubscriptionFields on BillingSubscription {\n    tier\n    status\n    priceId\n    cancelAtPeriodEnd\n    currentPeriodEnd\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySubscription {\n    mySubscription {\n      ...BillingSubscriptionFields\n    }\n  }\n"): (typeof documents)["\n  query MySubscription {\n    mySubscription {\n      ...BillingSubscriptionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelSubscription {\n    cancelSubscription {\n      message\n      subscription {\n        ...BillingSubscriptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CancelSubscription {\n    cancelSubscription {\n      message\n      subscription {\n        ...BillingSubscriptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation JoinEliteWaitlist($email: String!) {\n    joinEliteWaitlist(email: $email) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation JoinEliteWaitlist($email: String!) {\n    joinEliteWaitlist(email: $email) {\n      message\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;